import { useMemo } from 'react';
import { useBacktest } from '../../api/alert-tools';
import { useDebounced } from '../../lib/use-debounced';
import type { AlertDraft } from './alert-draft';
import { BacktestChart } from './backtest-chart';
import { backtestInput } from './backtest-input';
import { backtestSentence } from './backtest-summary';

/** How the alert as typed would have fired over the last 7 days, refreshed half a second after typing stops. */
export function BacktestPanel({ draft }: { draft: AlertDraft }) {
  const checked = useMemo(() => backtestInput(draft), [draft]);
  const settled = useDebounced(checked, 500);
  const q = useBacktest(settled.ok ? settled.input : null);
  const r = q.data;
  return (
    <section aria-label="Backtest" className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
      <h2 className="mb-1 font-semibold">Backtest on the last 7 days {q.isFetching && <span className="font-normal text-slate-600 dark:text-slate-400">· replaying…</span>}</h2>
      {!checked.ok && <p className="text-slate-600 dark:text-slate-400">The backtest runs once the form is complete: {checked.problem}.</p>}
      {checked.ok && q.error && <p className="text-amber-800 dark:text-amber-300">{q.error.message}</p>}
      {checked.ok && r && !q.error && (
        <>
          <p role="status">
            This alert <strong>{backtestSentence(r)}</strong>
            {r.notifications > 0 && `, sending ${r.notifications} notification${r.notifications === 1 ? '' : 's'}`}.
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {r.evaluated_minutes.toLocaleString()} minutes of stored data replayed through the live engine
            {r.skipped_minutes_maintenance > 0 && `; ${r.skipped_minutes_maintenance} held in maintenance windows`}.
          </p>
          {draft.type === 'Server' && <BacktestChart serverId={Number(draft.target_id)} trigger={draft.trigger_type} result={r} />}
        </>
      )}
    </section>
  );
}
