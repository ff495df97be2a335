import { useMemo } from 'react';
import { Link } from 'react-router';
import type { AlertHistory } from '../../../shared/alert-histories';
import { useAlertsLite } from '../../api/incidents';
import { useTargetIndex } from '../../api/alert-targets';
import { useServerIncidentsAt } from '../../api/servers';
import { paths } from '../../app/paths';
import { ErrorBox, Loading, Panel } from '../../components/ui/status';
import { formatTime } from '../../lib/format';
import { alertsOfServer, openDuring } from './incidents-at';

/** The incidents under way at a minute, each linking to its history and its alert. */
export function IncidentsAtList({ at, incidents, alertNames, search }: { at: number; incidents: readonly AlertHistory[]; alertNames: ReadonlyMap<number, string>; search: string }) {
  if (incidents.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No alert of this server was in incident at {formatTime(at)} UTC.</p>;
  return (
    <ul className="space-y-1 text-sm" aria-label={`Alerts in incident at ${formatTime(at)} UTC`}>
      {incidents.map((h) => (
        <li key={h.id} className="flex flex-wrap items-baseline gap-x-2">
          <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-800 dark:bg-red-900 dark:text-red-100">{h.end === null ? 'open' : 'ended later'}</span>
          <Link className="text-teal-800 underline dark:text-teal-300" to={{ pathname: paths.alertHistory(h.id), search }}>
            {h.subject || `Incident #${h.id}`}
          </Link>
          <span className="text-xs text-slate-600 dark:text-slate-400">
            alert <Link className="underline" to={paths.alert(h.alert_id)}>{alertNames.get(h.alert_id) ?? `#${h.alert_id}`}</Link> · since {formatTime(h.start)}
            {h.end !== null && ` until ${formatTime(h.end)}`} UTC
          </span>
        </li>
      ))}
    </ul>
  );
}

/** "What was true then": the alerts of this server that were in incident during the minute `at`. */
export function IncidentsAtPanel({ serverId, at, search }: { serverId: number; at: number; search: string }) {
  const alerts = useAlertsLite();
  const targets = useTargetIndex();
  const mine = useMemo(
    () => (alerts.data && targets.index ? alertsOfServer(alerts.data, serverId, targets.index).map((a) => a.id) : null),
    [alerts.data, targets.index, serverId],
  );
  const histories = useServerIncidentsAt(serverId, at, mine);
  const names = useMemo(() => new Map((alerts.data ?? []).map((a) => [a.id, a.target ? `${a.name} (${a.target})` : a.name])), [alerts.data]);
  const error = alerts.error ?? targets.error ?? histories.error;
  return (
    <Panel title={`Alerts in incident at ${formatTime(at)} UTC`}>
      {error ? <ErrorBox error={error} /> : histories.data ? <IncidentsAtList at={at} incidents={openDuring(histories.data, at)} alertNames={names} search={search} /> : <Loading what="incidents" />}
    </Panel>
  );
}
