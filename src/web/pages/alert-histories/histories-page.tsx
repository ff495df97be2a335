import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAlertHistories, useOpenIncidents } from '../../api/alert-histories';
import { useUserNames } from '../../api/users';
import { paths, withQuery } from '../../app/paths';
import { useTimeView } from '../../app/use-time-view';
import { Empty, ErrorBox, Loading, Panel } from '../../components/ui/status';
import { alertFilter, withoutAlertFilter } from './alert-filter';
import { rowLabel } from './incident-rows';
import { IncidentsTable } from './incidents-table';
import { OnCallNow } from './on-call-now';
import { IncidentTimeline } from './incident-timeline';
import { toTimeline } from './timeline';
import { useIncidentRows } from './use-incident-rows';

/**
 * Incidents: by default every incident open now, whatever its start (`?view=range` shows the
 * incidents that started in the global range, with their timeline). Each row names server and target.
 * `?alerts=1,2,3` narrows both views to those alerts' incidents (a grouped e-mail's "and N more" link).
 */
export default function HistoriesPage() {
  const [params] = useSearchParams();
  const history = params.get('view') === 'range';
  const alerts = alertFilter(params.get('alerts'));
  const search = params.toString();
  const p = new URLSearchParams(params);
  p.delete('view');
  const tab = (on: boolean) => `rounded px-3 py-1 text-sm ${on ? 'bg-teal-700 text-white' : 'text-teal-800 underline dark:text-teal-300'}`;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <h1 className="text-lg font-semibold">Incidents</h1>
        <nav aria-label="Incident views" className="flex gap-2">
          <Link className={tab(!history)} aria-current={!history ? 'page' : undefined} to={withQuery(paths.alertHistories, Object.fromEntries(p))}>
            Open now
          </Link>
          <Link className={tab(history)} aria-current={history ? 'page' : undefined} to={withQuery(paths.alertHistories, { ...Object.fromEntries(p), view: 'range' })}>
            History of the range
          </Link>
        </nav>
        {alerts && <FilterChip count={alerts.length} clear={withoutAlertFilter(params)} />}
      </div>
      <OnCallNow />
      {history ? <RangeView search={search} alerts={alerts} /> : <OpenView search={search} alerts={alerts} />}
    </div>
  );
}

/** Says the list is narrowed to some alerts, with the way back to all of them. */
function FilterChip({ count, clear }: { count: number; clear: string }) {
  return (
    <p role="status" className="flex items-center gap-2 rounded-full border border-teal-700 bg-teal-50 px-3 py-1 text-sm text-teal-900 dark:border-teal-400 dark:bg-teal-950 dark:text-teal-100">
      <span>
        Filtered to {count} {count === 1 ? 'alert' : 'alerts'}
      </span>
      <span aria-hidden="true">—</span>
      <Link className="font-medium underline" to={{ pathname: paths.alertHistories, search: clear }}>
        clear
      </Link>
    </p>
  );
}

type ViewProps = { search: string; alerts: number[] | null };

function OpenView({ search, alerts }: ViewProps) {
  const open = useOpenIncidents(alerts);
  const { now } = useTimeView();
  const rows = useIncidentRows(open.data);
  const names = useUserNames();
  if (open.isPending) return <Loading what="open incidents" />;
  if (open.error) return <ErrorBox error={open.error} />;
  if (rows.length === 0) return <Empty>{alerts ? 'No incident of these alerts is open now.' : 'No incident is open now.'}</Empty>;
  return <IncidentsTable rows={rows} caption="Incidents open now" now={now} search={search} nameOf={(u) => names.data?.get(u)} />;
}

function RangeView({ search, alerts }: ViewProps) {
  const { window, now } = useTimeView();
  const histories = useAlertHistories(window, alerts);
  const list = useMemo(() => [...(histories.data ?? [])].sort((a, b) => b.start - a.start), [histories.data]);
  const rows = useIncidentRows(list);
  const names = useUserNames();
  const labels = useMemo(() => new Map(rows.map((r) => [r.history.alert_id, rowLabel(r)])), [rows]);
  const timeline = useMemo(() => toTimeline(list, { from: window.from, to: window.to + 59 }, now), [list, window, now]);
  if (histories.isPending) return <Loading what="incidents" />;
  if (histories.error) return <ErrorBox error={histories.error} />;
  if (list.length === 0) return <Empty>{alerts ? 'No incident of these alerts started in this range.' : 'No incident started in this range.'}</Empty>;
  return (
    <>
      <Panel title="Timeline">
        <IncidentTimeline rows={timeline} alertName={(id) => labels.get(id) ?? `Alert #${id}`} from={window.from} to={window.to} search={search} />
      </Panel>
      <IncidentsTable rows={rows} caption="Incidents" now={now} search={search} nameOf={(u) => names.data?.get(u)} />
    </>
  );
}
