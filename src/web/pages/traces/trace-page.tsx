import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { traceQuery, type TraceQuery } from '../../../shared/transaction-data';
import { useTrace } from '../../api/traces';
import { paths } from '../../app/paths';
import { CyGraph } from '../../components/graph/cy-graph';
import { traceLayout } from '../../components/graph/graph-layouts';
import { traceStyle } from '../../components/graph/graph-style';
import { useDarkMode } from '../../components/charts/palette';
import { ErrorBox, Loading, Panel } from '../../components/ui/status';
import { formatDuration } from '../../components/charts/units';
import { formatTime } from '../../lib/format';
import { formatSkew, serverSkews, traceToElements } from './to-elements';
import { toWaterfall } from './to-waterfall';
import { WaterfallChart } from './waterfall-chart';

/** The search that opens a process's page at the trace's minute, with an hour either side. */
const processSearch = (time: number) => new URLSearchParams({ at: String(time), from: String(time - 3600), to: String(time + 3600) }).toString();

/**
 * A trace (`?time=&sid=&pid=`, `?time=&ip=&port=` or `?time=&uid=`): its request's duration, a graph
 * and a waterfall of its calls (every duration from the service's one computation, as in the
 * transaction list); a process opens its metrics at that minute.
 */
export default function TracePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const parsed = traceQuery.safeParse(Object.fromEntries(params));
  const q: TraceQuery | null = parsed.success ? parsed.data : null;
  const trace = useTrace(q);
  const elements = useMemo(() => (trace.data ? traceToElements(trace.data) : []), [trace.data]);
  const dark = useDarkMode();
  const style = useMemo(() => traceStyle(dark), [dark]);
  const waterfall = useMemo(() => (trace.data ? toWaterfall(trace.data) : null), [trace.data]);

  if (!q) return <ErrorBox error={parsed.error?.issues[0]?.message ?? 'a trace needs time and a start'} />;
  const t = trace.data;
  const first = t?.transactions.find((x) => x.id === t.request.transactionId);
  // Who logged the request's duration: the process serving it, or for a statement the one issuing it.
  const loggedBy = first && t?.processes.find((p) => p.id === (first.timing?.measuredBy === 'client' ? first.clientProcessId : first.serverProcessId));
  return (
    <div className="space-y-4">
      <h1 className="text-lg font-semibold">Trace at {formatTime(Math.floor(q.time))} UTC</h1>
      {trace.isPending && <Loading what="trace" />}
      {trace.error && <ErrorBox error={trace.error} />}
      {t && (
        <>
          <p className="text-sm">
            {t.request.duration !== null && t.request.duration !== undefined && first ? (
              <>
                The traced request took <strong className="tabular-nums">{formatDuration(t.request.duration)}</strong>{' '}
                <span className="text-slate-600 dark:text-slate-400">
                  (as {loggedBy ? `${loggedBy.name} on ${loggedBy.serverNickName || loggedBy.serverHostName}` : 'its process'} logged it)
                </span>
              </>
            ) : (
              'This trace starts from a process at a moment, not from a logged request: it has no request duration.'
            )}
          </p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t.request.processes} processes, {t.request.transactions} transactions. Each call shows the duration one of its sides logged (the same number as the transaction list); &quot;avg&quot; marks a call nobody logged, known only by its socket&apos;s average over the minute. The slowest path is in red; click a process to see its metrics at that minute.
          </p>
          <div className="grid gap-4 xl:grid-cols-2">
            <CyGraph label={`Trace graph: ${t.processes.length} processes and ${t.transactions.length} transactions`} elements={elements} stylesheet={style} layout={traceLayout} onNodeTap={(d) => typeof d.uid === 'string' && d.uid !== '0_0_0' && navigate({ pathname: paths.process(d.uid), search: processSearch(Number(d.time)) })} />
            {waterfall && (
              <Panel title="Waterfall">
                <WaterfallChart waterfall={waterfall} />
              </Panel>
            )}
          </div>
          <Panel title="Server clocks">
            <p className="mb-1 text-xs text-slate-600 dark:text-slate-400">
              Estimated from the calls logged on both sides (the midpoint of each pair, the median per pair of servers), against the clock of the server the trace starts on. A server without such a call has an unknown offset: its calls sit on the waterfall as its clock logged them, and say so. A latency (client minus server duration, which no skew changes) is shown only for a call both sides logged.
            </p>
            <table className="text-sm">
              <caption className="sr-only">Clock skew per server</caption>
              <thead>
                <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
                  <th scope="col" className="pr-4">Server</th>
                  <th scope="col">Clock</th>
                </tr>
              </thead>
              <tbody>
                {serverSkews(t).map((s) => (
                  <tr key={s.serverId}>
                    <td className="pr-4">{s.name}</td>
                    <td>{formatSkew(s.skew)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Panel>
          <Panel title="Processes of the trace">
            <ul className="grid gap-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
              {t.processes
                .filter((p) => p.uid !== '0_0_0')
                .map((p) => (
                  <li key={p.id}>
                    <Link className="text-teal-800 underline dark:text-teal-300" to={{ pathname: paths.process(p.uid), search: processSearch(p.time) }}>
                      {p.name} ({p.pid})
                    </Link>{' '}
                    <span className="text-xs text-slate-600 dark:text-slate-400">on {p.serverNickName || p.serverHostName}</span>
                  </li>
                ))}
            </ul>
          </Panel>
        </>
      )}
    </div>
  );
}
