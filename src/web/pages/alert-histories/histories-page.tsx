import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAlertHistories } from '../../api/alert-histories';
import { useAlerts } from '../../api/alerts';
import { paths } from '../../app/paths';
import { useTimeView } from '../../app/use-time-view';
import { Empty, ErrorBox, Loading, Panel } from '../../components/ui/status';
import { formatTime } from '../../lib/format';
import { IncidentTimeline } from './incident-timeline';
import { toTimeline } from './timeline';

const duration = (s: number) => (s < 3600 ? `${Math.round(s / 60)} min` : `${(s / 3600).toFixed(1)} h`);

/** Alert histories of the global range: the incident timeline and the list, each opening the saved message. */
export default function HistoriesPage() {
  const [params] = useSearchParams();
  const { window, now } = useTimeView();
  const histories = useAlertHistories(window);
  const alerts = useAlerts();
  const names = useMemo(() => new Map((alerts.data ?? []).map((a) => [a.id, a.name])), [alerts.data]);
  const alertName = (id: number) => names.get(id) ?? `Alert #${id}`;
  const rows = useMemo(() => toTimeline(histories.data ?? [], { from: window.from, to: window.to + 59 }, now), [histories.data, window, now]);
  const search = params.toString();
  const list = [...(histories.data ?? [])].sort((a, b) => b.start - a.start);

  return (
    <div className="space-y-4">
      <h1 className="text-lg font-semibold">Incidents</h1>
      {histories.isPending && <Loading what="incidents" />}
      {histories.error && <ErrorBox error={histories.error} />}
      {histories.data?.length === 0 && <Empty>No incident started in this range.</Empty>}
      {list.length > 0 && (
        <>
          <Panel title="Timeline">
            <IncidentTimeline rows={rows} alertName={alertName} from={window.from} to={window.to} search={search} />
          </Panel>
          <table className="w-full rounded-lg bg-white text-sm dark:bg-slate-900">
            <caption className="sr-only">Incidents</caption>
            <thead>
              <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
                {['Subject', 'Alert', 'Started (UTC)', 'Ended (UTC)', 'Duration'].map((h) => (
                  <th key={h} scope="col" className="border-b border-slate-200 px-3 py-2 dark:border-slate-800">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.map((h) => (
                <tr key={h.id} className="border-b border-slate-100 dark:border-slate-800">
                  <td className="px-3 py-1.5">
                    <Link className="text-teal-800 underline dark:text-teal-300" to={{ pathname: paths.alertHistory(h.id), search }}>
                      {h.subject || `Incident ${h.id}`}
                    </Link>
                  </td>
                  <td className="px-3 py-1.5">
                    <Link className="text-teal-800 underline dark:text-teal-300" to={paths.alert(h.alert_id)}>
                      {alertName(h.alert_id)}
                    </Link>
                  </td>
                  <td className="px-3 py-1.5">{formatTime(h.start)}</td>
                  <td className="px-3 py-1.5">{h.end === null ? <span className="font-medium text-red-700 dark:text-red-400">Open</span> : formatTime(h.end)}</td>
                  <td className="px-3 py-1.5">{duration((h.end ?? now) - h.start)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
