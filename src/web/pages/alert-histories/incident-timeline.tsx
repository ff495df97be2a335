import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { formatTime } from '../../lib/format';
import type { TimelineRow } from './timeline';

/** Incidents of the range as bars on one row per alert (labelled with server and target); each bar opens its incident. */
export function IncidentTimeline({ rows, alertName, from, to, search }: { rows: TimelineRow[]; alertName: (id: number) => string; from: number; to: number; search: string }) {
  return (
    <div role="list" aria-label="Incident timeline" className="space-y-1">
      {/* On a phone each alert's label sits above its bar, so the bar (and the times over it) get the full width. */}
      <div className="flex justify-between gap-2 text-xs text-slate-600 sm:pl-74 dark:text-slate-400" aria-hidden="true">
        <span>{formatTime(from)} UTC</span>
        <span>{formatTime(to)} UTC</span>
      </div>
      {rows.map((r) => (
        <div key={r.alertId} role="listitem" className="flex flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-2">
          <span className="truncate text-sm sm:w-72 sm:shrink-0" title={alertName(r.alertId)}>
            {alertName(r.alertId)}
          </span>
          <div className="relative h-5 rounded bg-slate-100 sm:flex-1 dark:bg-slate-800">
            {r.bars.map((b) => (
              <Link
                key={b.id}
                to={{ pathname: paths.alertHistory(b.id), search }}
                aria-label={`Incident ${b.id}: ${b.subject}`}
                title={b.subject}
                className={`absolute top-0.5 bottom-0.5 rounded-sm ${b.open ? 'bg-red-600' : 'bg-amber-500'} hover:ring-2 hover:ring-teal-600`}
                style={{ left: `${b.left}%`, width: `${b.width}%` }}
              />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
