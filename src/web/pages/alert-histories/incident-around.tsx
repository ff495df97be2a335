import { Link } from 'react-router';
import { useServerData } from '../../api/server-data';
import { useLogs } from '../../api/logs';
import { paths } from '../../app/paths';
import { ChartGrid } from '../../components/charts/chart-grid';
import { SERVER_CHARTS } from '../../components/charts/record-series';
import { ErrorBox, Loading, Panel } from '../../components/ui/status';
import { formatTime } from '../../lib/format';
import type { IncidentRow } from './incident-rows';
import { logSearch, viewSearch, type IncidentView } from './incident-window';

const link = 'text-teal-800 underline dark:text-teal-300';
const TARGET_KIND: Record<string, string> = { Process: 'Process', Application: 'Application', Log: 'Log', 'Polled Data': 'Polled check', Server: 'Server' };

/**
 * Where to look next: the target and the servers at the incident's minute, their processes and logs
 * then, the alert. Shown at once: what is still being looked up (`pending`: the alert, server names,
 * the target index; the logs) shows as a loading line, not as a panel that fills in later unannounced.
 */
export function IncidentLinks({ row, type, view, pending = false }: { row: IncidentRow<{ alert_id: number }>; type: string | undefined; view: IncidentView; pending?: boolean }) {
  const logs = useLogs();
  const at = `${formatTime(view.minute)} UTC`;
  const servers = new Set(row.servers.map((s) => s.id));
  const myLogs = (logs.data ?? []).filter((l) => servers.has(l.server_id));
  return (
    <Panel title="Look around">
      <ul className="space-y-1 text-sm">
        {row.targetPath && type && (
          <li>
            <Link className={link} to={{ pathname: row.targetPath, search: viewSearch(view, type !== 'Log') }}>
              {TARGET_KIND[type] ?? type} {row.target} at {at}
            </Link>
          </li>
        )}
        {row.servers.slice(0, 5).map((s) => (
          <li key={s.id}>
            <Link className={link} to={{ pathname: paths.server(s.id), search: viewSearch(view) }}>
              Processes of {s.name} at {at}
            </Link>
            {' · '}
            <Link className={link} to={{ pathname: paths.serverChanges(s.id), search: viewSearch(view) }}>
              What changed on {s.name} then
            </Link>
          </li>
        ))}
        {myLogs.slice(0, 10).map((l) => (
          <li key={l.id}>
            <Link className={link} to={{ pathname: paths.log(l.id), search: logSearch(view) }}>
              Log {l.source} around {at}
            </Link>
          </li>
        ))}
        <li>
          <Link className={link} to={paths.alert(row.history.alert_id)}>
            Definition of the alert {row.alertName}
          </Link>
        </li>
      </ul>
      {(pending || logs.isPending) && <Loading what="links to the server, its processes and logs" lines={2} />}
    </Panel>
  );
}

/** The server's charts an hour either side of the incident, its start marked. */
export function IncidentCharts({ server, start, view }: { server: { id: number; name: string }; start: number; view: IncidentView }) {
  const data = useServerData(server.id, { from: view.from, to: view.to, step: 'Minute' });
  return (
    <Panel title={`${server.name} around the start`}>
      {data.isPending && <Loading what="charts" />}
      {data.error && <ErrorBox error={data.error} />}
      {data.data && <ChartGrid records={data.data} specs={SERVER_CHARTS} range={view} markers={[{ time: start, label: 'Incident start' }]} />}
    </Panel>
  );
}
