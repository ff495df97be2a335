import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/status';
import { formatTime } from '../../../lib/format';
import { clampMinute, comparedMinutes } from './diff-rows';
import { ProcessDiffPanel } from './process-diff-panel';
import { useScrub } from './use-scrub';

/**
 * Process time travel: a slider scrubs the process table through the range (the minute is the URL's
 * `at`; arrows move a minute, Page Up/Down a tenth of the range, Home/End the ends), "Compare" keeps a minute as `base`,
 * and the diff of the two minutes shows below. Links to "what changed" at the minute.
 */
export function TimeTravelPanel({ serverId, range, at, minuteSearch }: { serverId: number; range: { from: number; to: number }; at: number | null; minuteSearch: string }) {
  const { local, scrub, base, setBase } = useScrub(at);
  const lo = clampMinute(range.from, range.from, range.to);
  const hi = clampMinute(range.to, range.from, range.to);
  const value = clampMinute(local ?? hi, range.from, range.to);
  const pair = comparedMinutes(base, at);
  return (
    <Panel
      title="Process time travel"
      actions={
        at !== null && (
          <Link className="text-sm text-teal-800 underline dark:text-teal-300" to={{ pathname: paths.serverChanges(serverId), search: minuteSearch }}>
            What changed at this minute
          </Link>
        )
      }
    >
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex min-w-64 flex-1 flex-col text-xs font-medium">
          Minute of the process table
          <input
            type="range"
            min={lo}
            max={hi}
            step={60}
            value={value}
            aria-valuetext={`${formatTime(value)} UTC`}
            onChange={(e) => scrub(Number(e.target.value))}
            className="w-full accent-teal-700"
          />
        </label>
        <output className="text-sm tabular-nums" aria-live="polite">
          {formatTime(value)} UTC
        </output>
        <Button onClick={() => setBase(value)} disabled={at === null || base === at}>
          Compare with this minute
        </Button>
        {base !== null && (
          <span className="text-sm">
            Base: {formatTime(base)} UTC{' '}
            <Button variant="ghost" onClick={() => setBase(null)}>
              Clear
            </Button>
          </span>
        )}
      </div>
      {base !== null && at === null && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Move the slider to a second minute to compare.</p>}
      {pair && <ProcessDiffPanel serverId={serverId} from={pair.from} to={pair.to} search={minuteSearch} />}
    </Panel>
  );
}
