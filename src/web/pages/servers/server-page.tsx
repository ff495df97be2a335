import { Link, useParams } from 'react-router';
import { useApplications } from '../../api/applications';
import { useProcessUsage, useServerProcesses } from '../../api/processes';
import { serverDataQueries, useServerData } from '../../api/server-data';
import { useServer } from '../../api/servers';
import { useLogs } from '../../api/logs';
import { usePolledItems } from '../../api/polled-data';
import { paths } from '../../app/paths';
import { useMinuteParam } from '../../app/use-minute-param';
import { usePreviousRecords } from '../../app/use-previous-period';
import { useTimeView } from '../../app/use-time-view';
import { ChartGrid } from '../../components/charts/chart-grid';
import { SERVER_CHARTS } from '../../components/charts/record-series';
import { ProcessesPanel } from '../../components/processes/processes-panel';
import { TopProcesses } from '../../components/processes/top-processes';
import { ErrorBox, Loading, Panel } from '../../components/ui/status';
import { IncidentsAtPanel } from './incidents-at-panel';
import { ServerInventory } from './server-inventory';
import { TagsPanel } from './tags-panel';
import { TimeTravelPanel } from './time-travel/time-travel-panel';
import { useServerMarks } from './use-server-marks';

/**
 * One server: inventory, every data field charted, processes at a minute, tags, logs and polled data.
 * At a picked minute (`at`, as an incident links it) the top processes of that minute come first.
 */
export default function ServerPage() {
  const id = Number(useParams().id);
  const { at, setAt, rangeSearch, minuteSearch } = useMinuteParam();
  const { window } = useTimeView();
  const server = useServer(id);
  const data = useServerData(id, window);
  const previous = usePreviousRecords(window, (w) => serverDataQueries.range(id, w));
  const marks = useServerMarks(id, window);
  const processes = useServerProcesses(id, at);
  const usage = useProcessUsage(id, at);

  if (server.isPending) return <Loading what="server" />;
  if (server.error) return <ErrorBox error={server.error} />;
  const s = server.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-xl font-semibold">{s.nickname || s.hostname}</h1>
        {s.nickname && <span className="text-sm text-slate-600 dark:text-slate-400">{s.hostname}</span>}
        <span className={`rounded px-2 py-0.5 text-xs font-medium ${s.running ? 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100' : 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100'}`}>
          {s.running ? 'Running' : 'Stopped'}
        </span>
        {s.description && <p className="w-full text-sm text-slate-700 dark:text-slate-300">{s.description}</p>}
      </div>
      {at !== null && <TopProcesses query={usage} at={at} search={rangeSearch} />}
      <div className="grid gap-4 lg:grid-cols-3">
        <ServerInventory server={s} />
        <TagsPanel serverId={id} />
        <RelatedPanel serverId={id} search={rangeSearch} />
      </div>
      <Panel title="Server data" actions={<span className="text-xs text-slate-600 dark:text-slate-400">Click or tap a minute, drag to zoom</span>}>
        {data.isPending && <Loading what="charts" />}
        {data.error && <ErrorBox error={data.error} />}
        {data.data && <ChartGrid records={data.data} specs={SERVER_CHARTS} range={window} bands={marks.bands} markers={marks.markers} at={at} onPickMinute={setAt} previous={previous} />}
      </Panel>
      {at !== null && <IncidentsAtPanel serverId={id} at={at} search={rangeSearch} />}
      <TimeTravelPanel serverId={id} range={window} at={at} minuteSearch={minuteSearch} />
      {at === null && <TopProcesses query={usage} at={null} search={rangeSearch} />}
      <ProcessesPanel query={processes} at={at} onClearMinute={() => setAt(null)} search={rangeSearch} caption="Processes of the server" />
    </div>
  );
}

function RelatedPanel({ serverId, search }: { serverId: number; search: string }) {
  const apps = useApplications();
  const logs = useLogs();
  const polled = usePolledItems();
  const myApps = (apps.data ?? []).filter((a) => a.servers.includes(serverId));
  const myLogs = (logs.data ?? []).filter((l) => l.server_id === serverId);
  const myPolled = (polled.data ?? []).filter((p) => p.server_id === serverId);
  return (
    <Panel title="Applications, logs and polled data">
      <ul className="space-y-1 text-sm">
        {myApps.map((a) => (
          <li key={`a${a.id}`}>
            <Link className="text-teal-800 underline dark:text-teal-300" to={{ pathname: paths.application(a.id), search }}>
              Application: {a.name}
            </Link>
          </li>
        ))}
        {myLogs.map((l) => (
          <li key={`l${l.id}`}>
            <Link className="text-teal-800 underline dark:text-teal-300" to={{ pathname: paths.log(l.id), search }}>
              {l.source_type} {l.source}
            </Link>
          </li>
        ))}
        {myPolled.map((p) => (
          <li key={`p${p.id}`}>
            <Link className="text-teal-800 underline dark:text-teal-300" to={{ pathname: paths.polledItem(p.id), search }}>
              Check: {p.name}
            </Link>
          </li>
        ))}
        {myApps.length + myLogs.length + myPolled.length === 0 && <li className="text-slate-600 dark:text-slate-400">None configured.</li>}
      </ul>
    </Panel>
  );
}
