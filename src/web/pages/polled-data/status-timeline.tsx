import { formatTime } from '../../lib/format';
import type { StatusSegment } from './to-series';

const COLOR: Record<string, string> = { OK: 'bg-green-600', WARNING: 'bg-amber-500', CRITICAL: 'bg-red-600', UNKNOWN: 'bg-slate-400' };

/** The status of a check over the range as a coloured strip, each segment titled with its times. */
export function StatusTimeline({ segments, range }: { segments: StatusSegment[]; range: { from: number; to: number } }) {
  const span = Math.max(1, range.to + 60 - range.from);
  return (
    <div>
      <div className="relative h-6 w-full overflow-hidden rounded bg-slate-100 dark:bg-slate-800" role="list" aria-label="Status timeline">
        {segments.map((s) => (
          <div
            key={s.from}
            role="listitem"
            aria-label={`${s.status} from ${formatTime(s.from)} to ${formatTime(s.to)} UTC`}
            title={`${s.status} ${formatTime(s.from)} – ${formatTime(s.to)} UTC`}
            className={`absolute top-0 h-full ${COLOR[s.status] ?? COLOR.UNKNOWN}`}
            style={{ left: `${((Math.max(s.from, range.from) - range.from) / span) * 100}%`, width: `${Math.max(0.2, ((Math.min(s.to, range.to + 60) - Math.max(s.from, range.from)) / span) * 100)}%` }}
          />
        ))}
      </div>
      <div className="mt-1 flex gap-3 text-xs">
        {Object.entries(COLOR).map(([k, c]) => (
          <span key={k} className="flex items-center gap-1">
            <span className={`inline-block h-2 w-2 rounded-sm ${c}`} aria-hidden /> {k}
          </span>
        ))}
      </div>
    </div>
  );
}
