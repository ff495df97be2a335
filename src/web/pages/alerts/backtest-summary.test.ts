import { describe, expect, it } from 'vitest';
import { backtestSentence, formatSpan, incidentBands } from './backtest-summary';

const base = { start: 0, end: 7 * 86_400, evaluated_minutes: 10_080, skipped_minutes_maintenance: 0, notifications: 0 };

describe('backtest summary', () => {
  it.each([
    [60, '1 min'],
    [45 * 60, '45 min'],
    [2 * 3600 + 600, '2 h 10 min'],
    [3 * 3600, '3 h'],
    [3 * 86_400 + 4 * 3600, '3 d 4 h'],
    [2 * 86_400, '2 d'],
  ])('formats %i s as %s', (s, text) => expect(formatSpan(s)).toBe(text));

  it('says how often and how long, counting an incident still open up to the end', () => {
    const r = {
      ...base,
      incidents: [
        { start: 100, end: 100 + 3600, peak: 99 },
        { start: 10_000, end: 10_000 + 1800, peak: 90 },
        { start: 20_000, end: 20_000 + 1200, peak: 90 },
        { start: base.end - 1200, end: null, peak: 95 },
      ],
    };
    expect(backtestSentence(r)).toBe('would have fired 4 times in 7 days, 2 h 10 min in incident');
    expect(incidentBands(r).at(-1)).toEqual({ from: base.end - 1200, to: base.end, label: 'Would have fired' });
  });

  it('reads well for none and one', () => {
    expect(backtestSentence({ ...base, incidents: [] })).toBe('would not have fired in 7 days');
    expect(backtestSentence({ ...base, end: 86_400, incidents: [{ start: 0, end: 600, peak: 1 }] })).toBe('would have fired once in 1 day, 10 min in incident');
  });
});
