import type { EdgeDiff } from './trace-diff';
import { formatDuration } from '../../components/charts/units';

const th = 'border-b border-slate-200 px-2 py-1.5 dark:border-slate-800';
const td = 'px-2 py-1.5 tabular-nums';
const cost = (s: EdgeDiff['a']) => (s ? `${formatDuration(s.time)}${s.calls > 1 ? ` (${s.calls} calls)` : ''}` : '—');

/** Each edge of the two traces: its calls' time in A and B and the difference; changed edges first and marked. */
export function TraceDiffTable({ edges }: { edges: readonly EdgeDiff[] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Time per edge, trace A against trace B</caption>
      <thead>
        <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
          {['Caller', 'Called', 'Time A', 'Time B', 'Difference', ''].map((h, i) => <th key={i} scope="col" className={th}>{h}</th>)}
        </tr>
      </thead>
      <tbody>
        {edges.map((e) => (
          <tr key={e.key} data-changed={e.changed} className={`border-b border-slate-100 dark:border-slate-800 ${e.changed ? 'bg-amber-50 font-medium dark:bg-amber-950/40' : ''}`}>
            <td className="px-2 py-1.5">{e.from}</td>
            <td className="px-2 py-1.5">{e.to}</td>
            <td className={td}>{cost(e.a)}</td>
            <td className={td}>{cost(e.b)}</td>
            <td className={td}>{e.delta === null ? (e.a ? 'gone in B' : 'new in B') : `${e.delta >= 0 ? '+' : '−'}${formatDuration(Math.abs(e.delta))}`}</td>
            <td className="px-2 py-1.5 text-xs">
              {e.changed && <span className="text-amber-800 dark:text-amber-300">changed</span>}
              {(e.slowA || e.slowB) && <span className="ml-1 text-red-700 dark:text-red-400">slowest path{e.slowA && e.slowB ? '' : e.slowA ? ' of A' : ' of B'}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
