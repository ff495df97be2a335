import { Link } from 'react-router';
import type { LogMessageRecord } from '../../../shared/log-data';
import { paths } from '../../app/paths';
import { formatDuration } from '../../components/charts/units';
import { formatTime } from '../../lib/format';
import { parseTransactionMessage, traceSearch } from './message';

const th = 'py-1 pr-2';
const sortButton = 'underline decoration-dotted hover:text-teal-800 dark:hover:text-teal-300';

/**
 * One page of transaction messages: time, duration, application, pid, peer and request; Time and
 * Duration sort (on the service, over all messages). Each trace can be picked to compare (`picked`
 * holds the picked traces' searches).
 */
export function TransactionTable({ rows, kind, serverId, order, onSort, picked, onPick }: { rows: readonly LogMessageRecord[]; kind: string; serverId: number | null; order: 'time' | 'duration'; onSort: (o: 'time' | 'duration') => void; picked: readonly string[]; onPick: (traceSearch: string) => void }) {
  const parsed = rows.map((m) => ({ raw: m, msg: parseTransactionMessage(m.data) }));
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Transaction messages</caption>
      <thead>
        <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
          <th scope="col" className={th} aria-sort={order === 'time' ? 'descending' : undefined}>
            <button type="button" className={sortButton} onClick={() => onSort('time')}>
              Time (UTC){order === 'time' ? ' ↓' : ''}
            </button>
          </th>
          <th scope="col" className={`${th} text-right`} aria-sort={order === 'duration' ? 'descending' : undefined}>
            <button type="button" className={sortButton} onClick={() => onSort('duration')}>
              Duration{order === 'duration' ? ' ↓' : ''}
            </button>
          </th>
          <th scope="col" className={th}>Application</th>
          <th scope="col" className={th}>PID</th>
          <th scope="col" className={th}>Peer</th>
          <th scope="col" className={th}>{kind === 'AFURL' ? 'Request' : 'Statement'}</th>
          <th scope="col" className={th}>
            <span className="sr-only">Trace</span>
          </th>
          <th scope="col" className={th}>Compare</th>
        </tr>
      </thead>
      <tbody>
        {parsed.map(({ raw, msg }, i) => (
          <tr key={i} className="border-t border-slate-100 dark:border-slate-800">
            <td className="py-1 pr-2 whitespace-nowrap">{formatTime(raw.time)}</td>
            <td className="py-1 pr-2 text-right whitespace-nowrap tabular-nums">{raw.duration !== undefined ? formatDuration(raw.duration) : '–'}</td>
            <td className="py-1 pr-2">{msg?.application ?? '–'}</td>
            <td className="py-1 pr-2">{msg?.pid ?? '–'}</td>
            <td className="py-1 pr-2 font-mono text-xs">{msg ? `${msg.peer.ip}:${msg.peer.port}` : '–'}</td>
            <td className="max-w-md truncate py-1 pr-2 font-mono text-xs" title={msg?.statement ?? raw.data}>
              {msg?.statement ?? raw.data}
            </td>
            <td className="py-1 text-right">
              {msg && serverId !== null && (
                <Link className="text-teal-800 underline dark:text-teal-300" to={{ pathname: paths.trace, search: traceSearch(msg, kind, serverId).toString() }} aria-label={`Trace the message at ${formatTime(raw.time)} ${msg.statement}`}>
                  Trace
                </Link>
              )}
            </td>
            <td className="py-1 text-center">
              {msg && serverId !== null && (
                <input
                  type="checkbox"
                  checked={picked.includes(traceSearch(msg, kind, serverId).toString())}
                  onChange={() => onPick(traceSearch(msg, kind, serverId).toString())}
                  aria-label={`Compare the trace at ${formatTime(raw.time)} ${msg.statement}`}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
