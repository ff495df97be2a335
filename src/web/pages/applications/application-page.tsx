import { Link, useParams } from 'react-router';
import { applicationQueries, useApplication, useApplicationData, useApplicationDetail, useApplicationProcesses } from '../../api/applications';
import { paths } from '../../app/paths';
import { useMinuteParam } from '../../app/use-minute-param';
import { usePreviousRecords } from '../../app/use-previous-period';
import { useTimeView } from '../../app/use-time-view';
import { ChartGrid } from '../../components/charts/chart-grid';
import { APPLICATION_CHARTS } from '../../components/charts/record-series';
import { useMaintenanceBands } from '../../components/charts/use-maintenance-bands';
import { FilesList, ThreadsTable } from '../../components/detail/detail-tables';
import { ProcessesPanel } from '../../components/processes/processes-panel';
import { Button } from '../../components/ui/button';
import { ServerNames } from '../../components/ui/server-names';
import { ErrorBox, Loading, Panel } from '../../components/ui/status';
import { formatTime } from '../../lib/format';
import { templateName } from '../../lib/templates';
import { SocketsTable } from './sockets-table';

const muted = 'text-slate-600 dark:text-slate-400';

/** One application (process group): its servers, every data field charted, and at a minute its processes and detail. */
export default function ApplicationPage() {
  const id = Number(useParams().id);
  // Server links keep the range only; process links keep the chosen minute too, so they open at it.
  const { at, setAt, rangeSearch, minuteSearch: processSearch } = useMinuteParam();
  const { window } = useTimeView();
  const app = useApplication(id);
  const data = useApplicationData(id, window);
  const previous = usePreviousRecords(window, (w) => applicationQueries.data(id, w));
  const detail = useApplicationDetail(id, at);
  const processes = useApplicationProcesses(id, at);
  const bands = useMaintenanceBands(window, app.data?.servers ?? []);
  const when = at === null ? ' (latest)' : ` at ${formatTime(at)} UTC`;

  if (app.isPending) return <Loading what="application" />;
  if (app.error) return <ErrorBox error={app.error} />;
  const a = app.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="text-xl font-semibold">{a.name}</h1>
        <span className={`text-sm ${muted}`}>Template: {templateName(a.template)}</span>
        <span className={`text-sm ${muted}`}>Created {formatTime(a.created)} UTC</span>
        <nav aria-label="Servers of the application" className="w-full text-sm">
          <span className={muted}>Servers: </span>
          {a.servers.map((s, i) => (
            <span key={s}>
              {i > 0 && ', '}
              <Link className="text-teal-800 underline dark:text-teal-300" to={{ pathname: paths.server(s), search: rangeSearch }}>
                <ServerNames ids={[s]} />
              </Link>
            </span>
          ))}
          {a.servers.length === 0 && <span className={muted}>none</span>}
        </nav>
      </div>
      <Panel title="Application data" actions={<span className={`text-xs ${muted}`}>Click or tap a minute, drag to zoom</span>}>
        {data.isPending && <Loading what="charts" />}
        {data.error && <ErrorBox error={data.error} />}
        {data.data && <ChartGrid records={data.data} specs={APPLICATION_CHARTS} range={window} bands={bands} at={at} onPickMinute={setAt} previous={previous} />}
      </Panel>
      <ProcessesPanel query={processes} at={at} onClearMinute={() => setAt(null)} search={rangeSearch} withServer caption="Processes of the application" />
      {detail.error && <ErrorBox error={detail.error} />}
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={`Files${when}`} actions={at !== null && <Button variant="ghost" onClick={() => setAt(null)}>Latest</Button>}>
          {detail.isPending ? <Loading what="files" /> : <FilesList files={detail.data?.files} />}
        </Panel>
        <Panel title={`Threads${when}`}>{detail.isPending ? <Loading what="threads" /> : <ThreadsTable threads={detail.data?.threads} />}</Panel>
      </div>
      <Panel title={`Sockets${when}`}>{detail.isPending ? <Loading what="sockets" /> : <SocketsTable sockets={detail.data?.sockets} processSearch={processSearch} />}</Panel>
    </div>
  );
}
