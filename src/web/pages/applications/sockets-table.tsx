import { Link } from 'react-router';
import type { ApplicationSocket } from '../../../shared/applications';
import { paths } from '../../app/paths';
import { formatBytes, formatNumber } from '../../lib/format';
import { socketRows } from './sockets';

const HEADERS = ['Process', 'Local', 'Peer', 'Status', 'Type', 'Sent', 'Received', 'Responses', 'Avg response (µs)'];

/** The sockets of an application's detail; each process name opens its page at the same minute. */
export function SocketsTable({ sockets, processSearch }: { sockets: readonly ApplicationSocket[] | undefined; processSearch: string }) {
  const rows = socketRows(sockets ?? []);
  if (rows.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No sockets recorded.</p>;
  return (
    <div className="max-h-96 overflow-auto">
      <table className="w-full text-xs">
        <caption className="sr-only">Sockets</caption>
        <thead>
          <tr className="text-left text-slate-600 dark:text-slate-400">
            {HEADERS.map((h) => <th key={h} scope="col" className="py-1 pr-2">{h}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, 500).map((r) => (
            <tr key={r.key} className="border-t border-slate-100 dark:border-slate-800">
              <td className="py-1 pr-2" title={r.process.commandLine}>
                {r.process.uid ? (
                  <Link className="text-teal-800 underline dark:text-teal-300" to={{ pathname: paths.process(r.process.uid), search: processSearch }}>
                    {r.process.name}
                  </Link>
                ) : (
                  r.process.name
                )}
                {r.process.pid !== null && <span className="text-slate-600 dark:text-slate-400"> (pid {r.process.pid})</span>}
              </td>
              <td className="pr-2 font-mono">{r.local}</td>
              <td className="pr-2 font-mono">{r.peer}</td>
              <td className="pr-2">{r.status}</td>
              <td className="pr-2">{r.type}</td>
              <td className="pr-2 tabular-nums">{formatBytes(r.sent)}</td>
              <td className="pr-2 tabular-nums">{formatBytes(r.received)}</td>
              <td className="pr-2 tabular-nums">{formatNumber(r.responses)}</td>
              <td className="tabular-nums">{formatNumber(r.avgResponseUs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > 500 && <p className="p-2 text-xs">Showing 500 of {rows.length} sockets.</p>}
    </div>
  );
}
