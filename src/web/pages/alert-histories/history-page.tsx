import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAlertHistory, useAlertHistoryMessage } from '../../api/alert-histories';
import { useAlerts } from '../../api/alerts';
import { useUserNames } from '../../api/users';
import { paths } from '../../app/paths';
import { useTimeView } from '../../app/use-time-view';
import { ErrorBox, Loading } from '../../components/ui/status';
import { formatTime } from '../../lib/format';
import { AckBar } from './ack-bar';
import { BreachingList } from './breaching-list';
import { LabelChips, SourceLink } from './external-labels';
import { IncidentCharts, IncidentLinks } from './incident-around';
import { IncidentEvents } from './incident-events';
import { IncidentMessage } from './incident-message';
import { incidentView } from './incident-window';
import { SilencePanel } from './silence-panel';
import { useIncidentRowsState } from './use-incident-rows';

const link = 'text-teal-800 underline dark:text-teal-300';
// Charts of more breaching servers than this would push the message far down; the links list them all.
const MAX_CHARTED = 3;

/**
 * One incident: who has it (acknowledge), what and where (server, target, alert), its timeline and
 * notes, a quick silence for managers, links to that minute, charts around its start, the message.
 */
export default function HistoryPage() {
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const history = useAlertHistory(id);
  const message = useAlertHistoryMessage(id);
  const alerts = useAlerts();
  const names = useUserNames();
  const { now } = useTimeView();
  const list = useMemo(() => (history.data ? [history.data] : []), [history.data]);
  const { rows, pending } = useIncidentRowsState(list);
  const row = rows[0];
  if (history.isPending) return <Loading what="incident" />;
  if (history.error) return <ErrorBox error={history.error} />;
  const h = history.data;
  const alert = alerts.data?.find((a) => a.id === h.alert_id);
  const view = incidentView(h.start, alert?.trigger_type, now);
  return (
    <div className="space-y-4">
      <Link className={`text-sm ${link}`} to={{ pathname: paths.alertHistories, search: params.toString() }}>
        ← All incidents
      </Link>
      <h1 className="text-lg font-semibold">{h.subject || `Incident ${h.id}`}</h1>
      <AckBar history={h} nameOf={(u) => names.data?.get(u)} />
      <dl className="grid max-w-3xl grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">Started</dt>
        <dd>{formatTime(h.start)} UTC</dd>
        <dt className="text-slate-600 dark:text-slate-400">Ended</dt>
        <dd>{h.end === null ? 'Still open' : `${formatTime(h.end)} UTC`}</dd>
        {h.labels ? (
          <>
            <dt className="text-slate-600 dark:text-slate-400">Alert</dt>
            <dd>{h.alert_name} (External)</dd>
            <dt className="text-slate-600 dark:text-slate-400">Labels</dt>
            <dd>
              <LabelChips labels={h.labels} />
            </dd>
            <dt className="text-slate-600 dark:text-slate-400">Source</dt>
            <dd className="break-all">{h.generator_url ? <SourceLink url={h.generator_url} label={h.generator_url} /> : '–'}</dd>
          </>
        ) : (
          <>
            <dt className="text-slate-600 dark:text-slate-400">{h.servers.length ? 'Breached' : 'Server'}</dt>
            <dd>{h.servers.length ? <BreachingList servers={h.servers} /> : row && row.servers.length > 0 ? row.servers.map((s) => s.name).join(', ') : '–'}</dd>
            <dt className="text-slate-600 dark:text-slate-400">Target</dt>
            <dd>{alert ? `${alert.type}: ${alert.target}` : '–'}</dd>
            <dt className="text-slate-600 dark:text-slate-400">Trigger</dt>
            <dd>{alert?.trigger ?? '–'}</dd>
          </>
        )}
      </dl>
      <IncidentEvents id={h.id} nameOf={(u) => names.data?.get(u)} />
      {h.end === null && <SilencePanel history={h} />}
      {row && !h.labels && <IncidentLinks row={row} type={alert?.type} view={view} pending={pending} />}
      {message.isPending && <Loading what="message" />}
      {message.error && <ErrorBox error={message.error} />}
      {message.data && <IncidentMessage message={message.data} />}
      {/* The servers that breached (most extreme first), else the target's first server. */}
      {row?.servers.slice(0, h.servers.length ? MAX_CHARTED : 1).map((s) => <IncidentCharts key={s.id} server={s} start={h.start} view={view} />)}
    </div>
  );
}
