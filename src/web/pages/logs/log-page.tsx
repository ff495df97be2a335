import { useParams, useSearchParams } from 'react-router';
import { MESSAGE_PAGE, useLog, useLogData, useLogMessages } from '../../api/logs';
import { useServerChoices } from '../../api/servers';
import { useTimeView } from '../../app/use-time-view';
import { scalarRows } from '../../components/charts/record-series';
import { SEVERITY, SEVERITIES } from '../../components/charts/severity';
import TimeChart from '../../components/charts/time-chart';
import { useMaintenanceBands } from '../../components/charts/use-maintenance-bands';
import { MessageSearch } from '../../components/forms/message-search';
import { Button } from '../../components/ui/button';
import { Pager } from '../../components/ui/pager';
import { ErrorBox, Loading, Panel } from '../../components/ui/status';
import { searchFromParams, toFilter } from '../../lib/bre-filter';
import { formatTime } from '../../lib/format';
import { MessageList } from './message-list';
import { messageSpan, messageWindow } from './message-window';

const SERIES = SEVERITIES.map((s) => ({ key: s, label: SEVERITY[s].label, color: SEVERITY[s].color }));

/** One log: per-minute severity counts, the messages of the range or a picked minute, a search and a live tail. */
export default function LogPage() {
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const { window, now } = useTimeView();
  const log = useLog(id);
  const server = useServerChoices().data?.names.get(log.data?.server_id ?? 0);
  const data = useLogData(id, window);
  const bands = useMaintenanceBands(window, log.data ? [log.data.server_id] : []);
  const mw = messageWindow(params, window);
  const search = searchFromParams(params);
  const page = Math.max(0, Number(params.get('mpage')) || 0);
  // eslint-disable-next-line react-hooks/purity -- the tail reads up to the present at every render (it refetches every 5 s).
  const span = messageSpan(mw, mw.kind === 'tail' ? Math.floor(Date.now() / 1000) : now);
  const messages = useLogMessages(id, span.from, span.to, toFilter(search.text, search), mw.kind === 'tail' ? 0 : page, mw.kind === 'tail' ? 5000 : false);

  const update = (f: (p: URLSearchParams) => void) =>
    setParams((p) => {
      f(p);
      return p;
    });
  const pick = (from: number, to = from) => update((p) => (p.delete('tail'), p.delete('mpage'), p.set('mfrom', String(from)), p.set('mto', String(to))));
  const wholeRange = () => update((p) => ['tail', 'mpage', 'mfrom', 'mto'].forEach((k) => p.delete(k)));
  const picked = mw.kind === 'minutes' && mw.label === 'minute' ? mw.from : null;

  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">
        {log.data ? `${log.data.source_type} ${log.data.source}` : `Log #${id}`}
        {log.data && <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">on {server ?? '…'}</span>}
      </h1>
      {log.error && <ErrorBox error={log.error} />}
      <Panel title="Messages per minute" actions={<span className="text-xs text-slate-600 dark:text-slate-400">Click or tap a minute to read its messages, drag to zoom</span>}>
        {data.isPending && <Loading what="severity counts" />}
        {data.error && <ErrorBox error={data.error} />}
        {data.data && <TimeChart title="Messages by severity" rows={scalarRows(data.data, SEVERITIES)} series={SERIES} unit="count" range={window} bands={bands} at={picked} onPickMinute={pick} />}
      </Panel>
      <Panel
        title={mw.kind === 'tail' ? 'Live tail (newest minutes, every 5 s)' : `Messages of the ${mw.label} ${formatTime(mw.from)}${mw.to !== mw.from ? ` – ${formatTime(mw.to)}` : ''} UTC`}
        actions={
          <div className="flex gap-1">
            {(mw.kind === 'tail' || mw.label === 'minute' || params.has('mfrom')) && (
              <Button variant="ghost" onClick={wholeRange}>
                Whole range
              </Button>
            )}
            <Button variant={mw.kind === 'tail' ? 'primary' : 'secondary'} aria-pressed={mw.kind === 'tail'} onClick={() => update((p) => (mw.kind === 'tail' ? p.delete('tail') : p.set('tail', '1')))}>
              {mw.kind === 'tail' ? 'Pause tail' : 'Live tail'}
            </Button>
          </div>
        }
      >
        <MessageSearch placeholder="upstream" />
        {messages.isPending && <Loading what="messages" />}
        {messages.error && <ErrorBox error={messages.error} />}
        {messages.data && mw.kind !== 'tail' && messages.data.count > MESSAGE_PAGE && (
          <Pager page={page} size={MESSAGE_PAGE} count={messages.data.count} onPage={(n) => update((p) => p.set('mpage', String(n)))} />
        )}
        {messages.data && <MessageList rows={messages.data.rows} live={mw.kind === 'tail'} />}
      </Panel>
    </div>
  );
}
