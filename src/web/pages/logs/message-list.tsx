import type { LogMessageRecord } from '../../../shared/log-data';
import { SEVERITY, SEVERITIES, severityOf } from '../../components/charts/severity';
import { formatSecond } from '../../lib/format';

/** Log messages, newest first, each with its severity in the chart's colours, under a legend of those colours. */
export function MessageList({ rows, live }: { rows: readonly LogMessageRecord[]; live: boolean }) {
  return (
    <>
      <ul aria-label="Severity colours" className="mb-1 flex gap-3 text-xs">
        {SEVERITIES.map((s) => (
          <li key={s} className={`flex items-center gap-1 ${SEVERITY[s].text}`}>
            <span aria-hidden className="inline-block h-2 w-2 rounded-full bg-current" />
            {SEVERITY[s].label}
          </li>
        ))}
      </ul>
      <ol aria-label="Messages" className="max-h-[28rem] overflow-auto font-mono text-xs" aria-live={live ? 'polite' : undefined} tabIndex={0}>
        {rows.map((m, i) => {
          const sev = severityOf(m.severity);
          return (
            <li key={i} className="border-t border-slate-100 py-0.5 whitespace-pre-wrap dark:border-slate-800">
              {m.time !== undefined && <span className="mr-2 text-slate-600 dark:text-slate-400"><time dateTime={new Date(m.time * 1000).toISOString()}>{formatSecond(m.time)}</time></span>}
              {sev && <span className={`mr-2 inline-block w-16 ${SEVERITY[sev].text}`}>{sev}</span>}
              {m.data}
            </li>
          );
        })}
        {rows.length === 0 && <li className="font-sans text-sm text-slate-600 dark:text-slate-400">No messages.</li>}
      </ol>
    </>
  );
}
