import { Link, useParams } from 'react-router';
import { processQueries, useProcessData, useProcessDetail, useServerProcesses } from '../../api/processes';
import { paths } from '../../app/paths';
import { useMinuteParam } from '../../app/use-minute-param';
import { usePreviousRecords } from '../../app/use-previous-period';
import { useTimeView } from '../../app/use-time-view';
import { ChartGrid } from '../../components/charts/chart-grid';
import { PROCESS_CHARTS } from '../../components/charts/record-series';
import { useMaintenanceBands } from '../../components/charts/use-maintenance-bands';
import { useServerChoices } from '../../api/servers';
import { FilesList, ThreadsTable } from '../../components/detail/detail-tables';
import { Button } from '../../components/ui/button';
import { ErrorBox, Loading, Panel } from '../../components/ui/status';
import { formatTime } from '../../lib/format';
import { detailNote } from './detail-minute';
import { processName } from './process-name';

/**
 * One process (uid <server>_<pid>_<create_time>): its charts and, at a minute, its files and threads,
 * from the nearest minute that has them when the picked one has none (the panel says which).
 */
export default function ProcessPage() {
  const uid = useParams().uid ?? '';
  const { at, setAt, rangeSearch } = useMinuteParam();
  const { window } = useTimeView();
  const data = useProcessData(uid, window);
  const previous = usePreviousRecords(window, (w) => processQueries.data(uid, w));
  const detail = useProcessDetail(uid, at);
  const [serverPart, pid] = uid.split('_');
  const serverId = Number(serverPart);
  const servers = useServerChoices();
  const serverName = servers.data?.names.get(serverId);
  const bands = useMaintenanceBands(window, Number.isInteger(serverId) ? [serverId] : []);
  // Series records carry no name; the server's process list (at the minute, else now) does.
  const listed = useServerProcesses(Number.isInteger(serverId) ? serverId : 0, at);
  const name = processName(data.data) ?? processName(listed.data?.filter((p) => p.uid === uid));
  const note = detailNote(at, detail.data?.time);
  const shown = at === null ? ' (latest)' : detail.data?.time ? ` at ${formatTime(detail.data.time)} UTC` : ` at ${formatTime(at)} UTC`;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-xl font-semibold">{name ?? `Process ${pid}`}</h1>
        <span className="text-sm text-slate-600 dark:text-slate-400">PID {pid} on</span>
        <Link className="text-sm text-teal-800 underline dark:text-teal-300" aria-label={`Server: ${serverName ?? serverId}`} to={{ pathname: paths.server(serverId), search: rangeSearch }}>
          {serverName ?? (servers.isPending ? '…' : `server ${serverId}`)}
        </Link>
        <code className="text-xs text-slate-600 dark:text-slate-400">{uid}</code>
      </div>
      <Panel title="Process data" actions={<span className="text-xs text-slate-600 dark:text-slate-400">Click or tap a minute for its details, drag to zoom</span>}>
        {data.isPending && <Loading what="charts" />}
        {data.error && <ErrorBox error={data.error} />}
        {data.data && <ChartGrid records={data.data} specs={PROCESS_CHARTS} range={window} bands={bands} at={at} onPickMinute={setAt} previous={previous} />}
      </Panel>
      {note && (
        <p role="status" className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          {note}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={`Files${shown}`} actions={at !== null && <Button variant="ghost" onClick={() => setAt(null)}>Latest</Button>}>
          {detail.isPending && <Loading what="files" />}
          {detail.error && <ErrorBox error={detail.error} />}
          {detail.data && <FilesList files={detail.data.files} />}
        </Panel>
        <Panel title={`Threads${shown}`}>
          {detail.data && <ThreadsTable threads={detail.data.threads} />}
        </Panel>
      </div>
    </div>
  );
}
