import { useMemo } from 'react';
import { useBacktest } from '../../api/alert-tools';
import { useDebounced } from '../../lib/use-debounced';
import type { AlertDraft } from './alert-draft';
import { BacktestChart } from './backtest-chart';
import { backtestInput } from './backtest-input';
import { backtestSentence } from './backtest-summary';

/** How long the form must rest before a replay runs. */
export const BACKTEST_DEBOUNCE_MS = 500;

/**
 * How the alert as typed would have fired over the last 7 days. Nothing runs until the draft is
 * complete (it says what is missing instead), and then only once edits rest for half a second; a
 * result of earlier values stays in view, dimmed, until the new one arrives.
 */
export function BacktestPanel({ draft }: { draft: AlertDraft }) {
  const checked = useMemo(() => backtestInput(draft), [draft]);
  // Debounce the request itself (as text): edits that leave it unchanged (name, users) restart nothing.
  const key = checked.ok ? JSON.stringify(checked.input) : null;
  const settled = useDebounced(key, BACKTEST_DEBOUNCE_MS);
  const q = useBacktest(checked.ok && key !== null && settled === key ? checked.input : null);
  const r = q.data;
  const stale = settled !== key || q.isPlaceholderData || q.isFetching;
  return (
    <section aria-label="Backtest" className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
      <h2 className="mb-1 font-semibold">Backtest on the last 7 days {checked.ok && stale && <span className="font-normal text-slate-600 dark:text-slate-400">· replaying…</span>}</h2>
      {!checked.ok && (
        <p role="status" className="text-slate-600 dark:text-slate-400">
          {checked.problem}
        </p>
      )}
      {checked.ok && !stale && q.error && <p className="text-amber-800 dark:text-amber-300">{q.error.message}</p>}
      {checked.ok && !r && !q.error && <p className="text-slate-600 dark:text-slate-400">Replaying the last 7 days…</p>}
      {checked.ok && r && !(q.error && !stale) && (
        <div aria-busy={stale} className={stale ? 'opacity-60' : undefined}>
          <p role="status">
            This alert <strong>{backtestSentence(r)}</strong>
            {r.notifications > 0 && `, sending ${r.notifications} notification${r.notifications === 1 ? '' : 's'}`}.
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {r.evaluated_minutes.toLocaleString()} minutes of stored data replayed through the live engine
            {r.skipped_minutes_maintenance > 0 && `; ${r.skipped_minutes_maintenance} held in maintenance windows`}.
          </p>
          {draft.type === 'Server' && <BacktestChart serverId={Number(draft.target_id)} trigger={draft.trigger_type} result={r} />}
        </div>
      )}
    </section>
  );
}
