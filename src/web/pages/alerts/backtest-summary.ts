import type { BacktestResult } from '../../../shared/alert-backtest';

/** A duration in minutes for people: "2 h 10 min", "45 min", "3 d 4 h". */
export function formatSpan(seconds: number): string {
  const m = Math.round(seconds / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

/** Seconds spent in incident; one still open at the window's end counts up to `end`. */
export function incidentSeconds(r: Pick<BacktestResult, 'incidents'>, end: number): number {
  return r.incidents.reduce((s, i) => s + Math.max(0, (i.end ?? end) - i.start), 0);
}

/** "would have fired 4 times in 7 days, 2 h 10 min in incident". */
export function backtestSentence(r: BacktestResult & { start: number; end: number }): string {
  const n = r.incidents.length;
  const days = Math.round((r.end - r.start) / 86_400);
  const span = days >= 1 ? `${days} day${days === 1 ? '' : 's'}` : formatSpan(r.end - r.start);
  if (n === 0) return `would not have fired in ${span}`;
  const times = n === 1 ? 'once' : `${n} times`;
  return `would have fired ${times} in ${span}, ${formatSpan(incidentSeconds(r, r.end))} in incident`;
}

/** Incidents as chart bands, clipped to the window. */
export function incidentBands(r: BacktestResult & { start: number; end: number }): { from: number; to: number; label: string }[] {
  return r.incidents.map((i) => ({ from: Math.max(i.start, r.start), to: Math.min(i.end ?? r.end, r.end), label: 'Would have fired' }));
}
