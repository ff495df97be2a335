import { z } from 'zod';
import { epochParam } from './params';

/** The span a backtest covers when no start is given: the last 7 days. */
export const BACKTEST_DEFAULT_SECONDS = 7 * 86_400;
/** The longest span one backtest may cover. */
export const BACKTEST_MAX_SECONDS = 31 * 86_400;

/** start and end of a backtest (epoch seconds); the service fills them in from its clock. */
export const backtestRangeFields = z.object({
  start: epochParam('start').optional().describe('Epoch seconds; default: 7 days before end'),
  end: epochParam('end').optional().describe('Epoch seconds; default: now'),
});

/** start and end of a backtest, checked together. */
export const backtestRange = backtestRangeFields.superRefine((r, ctx) => {
  if (r.start === undefined || r.end === undefined) return;
  if (r.end <= r.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'end must be after start' });
  else if (r.end - r.start > BACKTEST_MAX_SECONDS) ctx.addIssue({ code: 'custom', path: ['end'], message: `a backtest covers at most ${BACKTEST_MAX_SECONDS / 86_400} days` });
});
export type BacktestRange = z.output<typeof backtestRange>;

/** The window of a backtest: end defaults to now, start to 7 days before end. */
export function backtestWindow(r: BacktestRange, now: number): { start: number; end: number } {
  const end = r.end ?? now;
  const start = r.start ?? end - BACKTEST_DEFAULT_SECONDS;
  return { start, end };
}

/** One incident the alert would have had: its start, its end (null: still open at the window's end), its peak value. */
export const backtestIncident = z.object({
  start: z.number().int(),
  end: z.number().int().nullable(),
  peak: z.number().nullable(),
});
export type BacktestIncident = z.infer<typeof backtestIncident>;

/** What a backtest answers; nothing is stored. */
export const backtestResult = z.object({
  incidents: z.array(backtestIncident),
  evaluated_minutes: z.number().int().describe('Minutes of stored data the alert was evaluated on'),
  skipped_minutes_maintenance: z.number().int().describe('Minutes whose data held the condition on a server inside a maintenance window'),
  notifications: z.number().int().describe('Messages the users would have got: each incident start and each reminder'),
});
export type BacktestResult = z.infer<typeof backtestResult>;

/** A backtest answer with the window it covered (start and end as used). */
export const backtestAnswer = backtestResult.extend({ start: z.number().int(), end: z.number().int() });
export type BacktestAnswer = z.infer<typeof backtestAnswer>;
