import { Link } from 'react-router';
import type { LogSearchItem } from '../../../shared/log-search';
import { SEVERITY, severityOf } from '../../components/charts/severity';
import { formatSecond } from '../../lib/format';
import { logAtMinute } from './search-state';

/**
 * Messages found, newest first: each line's time (to the second, UTC) links to its log at that
 * minute; server and log are named; the message is rendered as text.
 */
export function SearchResults({ rows, rangeSearch }: { rows: readonly LogSearchItem[]; rangeSearch: URLSearchParams }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No message matches in this range.</p>;
  return (
    <ol aria-label="Messages found" className="font-mono text-xs">
      {rows.map((m, i) => {
        const sev = severityOf(m.severity);
        const server = m.nickname || m.hostname;
        return (
          <li key={`${m.log_id}-${m.time}-${i}`} className="grid grid-cols-1 gap-x-3 border-t border-slate-100 py-1 md:grid-cols-[10.5rem_4.5rem_minmax(8rem,14rem)_1fr] dark:border-slate-800">
            <Link
              to={logAtMinute(m.log_id, m.time, rangeSearch)}
              className="text-teal-800 underline-offset-2 hover:underline dark:text-teal-300"
              title={`Open ${m.source_type} ${m.source} on ${server} at this minute`}
            >
              <time dateTime={new Date(m.time * 1000).toISOString()}>{formatSecond(m.time)}</time>
            </Link>
            <span className={sev ? SEVERITY[sev].text : ''}>{m.severity}</span>
            <span className="truncate font-sans" title={`${m.source_type} ${m.source}`}>
              {server} <span className="text-slate-600 dark:text-slate-400">{m.source}</span>
            </span>
            <span className="break-words whitespace-pre-wrap">{m.message}</span>
          </li>
        );
      })}
    </ol>
  );
}
