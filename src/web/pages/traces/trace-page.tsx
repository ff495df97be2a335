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
import { formatTime } from '../../lib/format';
import { formatSeconds, formatSkew, latencyOf, serverSkews, slowestPath, traceToElements } from './to-elements';

/** The search that opens a process's page at the trace's minute, with an hour either side. */
const processSearch = (time: number) => new URLSearchParams({ at: String(time), from: String(time - 3600), to: String(time + 3600) }).toString();

/** A trace (`?time=&sid=&pid=`, `?time=&ip=&port=` or `?time=&uid=`) as a graph; a process opens its metrics at that minute. */
export default function TracePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const parsed = traceQuery.safeParse(Object.fromEntries(params));
  const q: TraceQuery | null = parsed.success ? parsed.data : null;
  const trace = useTrace(q);
  const elements = useMemo(() => (trace.data ? traceToElements(trace.data) : []), [trace.data]);
  const dark = useDarkMode();
  const style = useMemo(() => traceStyle(dark), [dark]);
  const slow = useMemo(() => (trace.data ? slowestPath(trace.data) : new Set<number>()), [trace.data]);

  if (!q) return <ErrorBox error={parsed.error?.issues[0]?.message ?? 'a trace needs time and a start'} />;
  const t = trace.data;
  const slowTotal = t ? t.transactions.filter((x) => slow.has(x.id)).reduce((s, x) => s + latencyOf(x), 0) : 0;
  return (
    <div className="space-y-4">
      <h1 className="text-lg font-semibold">Trace at {formatTime(Math.floor(q.time))} UTC</h1>
      {trace.isPending && <Loading what="trace" />}
      {trace.error && <ErrorBox error={trace.error} />}
      {t && (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t.request.processes} processes, {t.request.transactions} transactions. The slowest path is in red (its latency adds up to {formatSeconds(slowTotal)}); click a process to see its metrics at that minute.
          </p>
          <CyGraph label={`Trace graph: ${t.processes.length} processes and ${t.transactions.length} transactions`} elements={elements} stylesheet={style} layout={traceLayout} onNodeTap={(d) => typeof d.uid === 'string' && d.uid !== '0_0_0' && navigate({ pathname: paths.process(d.uid), search: processSearch(Number(d.time)) })} />
          <Panel title="Server clocks">
            <p className="mb-1 text-xs text-slate-600 dark:text-slate-400">
              Estimated from the logged request/response pairs (the midpoint of each pair, the median per pair of servers), against the clock of the server the trace starts on. Latencies are round trips, which no skew changes, and never below 0.
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
