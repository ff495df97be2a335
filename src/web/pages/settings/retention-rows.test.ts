import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION_DAYS, RETENTION_CATEGORIES, type Retention } from '../../../shared/retention';
import { canSetRetention, changedFields, keptText, retentionRows, retentionTotals } from './retention-rows';

const data = (over: Partial<Retention['store']> = {}): Retention => ({
  retention: { ...DEFAULT_RETENTION_DAYS, logs: 1 },
  defaults: DEFAULT_RETENTION_DAYS,
  usage: RETENTION_CATEGORIES.map((category, i) => ({ category, keep_days: null, rows: i, bytes: i * 1024, growth_per_day: i * 512 })),
  store: { kind: 'sqlite', total_bytes: 3 * 1024 * 1024, wal_bytes: 4096, free_bytes: 10 * 1024 ** 3, ...over },
});

describe('retention rows', () => {
  it('shows each category with its retention, size and growth, forever as the API\'s 0 in the form', () => {
    const rows = retentionRows(data());
    expect(rows.map((r) => r.category)).toEqual([...RETENTION_CATEGORIES]);
    expect(rows[0]).toMatchObject({ label: 'Minute series', kept: '30 days', field: '30', foreverAllowed: false, bounds: '1-400 days', size: '0 B', growth: '0 B/day' });
    expect(rows.find((r) => r.category === 'day')).toMatchObject({ kept: 'forever', field: '0', foreverAllowed: true, bounds: '1-36500 days', size: '2.0 KB', growth: '1.0 KB/day' });
    expect(rows.find((r) => r.category === 'logs')?.kept).toBe('1 day');
  });

  it.each([
    [null, 'forever'],
    [1, '1 day'],
    [400, '400 days'],
  ])('keptText(%j) = %s', (d, s) => expect(keptText(d)).toBe(s));

  it('totals the account and tells the store size, and free disk as unknown where the store cannot tell', () => {
    expect(retentionTotals(data())).toEqual({ size: '21.0 KB', growth: '10.5 KB/day', store: '3.0 MB', wal: '4.0 KB', free: '10.0 GB' });
    expect(retentionTotals(data({ kind: 'postgres', wal_bytes: null, free_bytes: null }))).toMatchObject({ wal: null, free: 'unknown' });
  });

  it('sends only the fields changed, trimmed', () => {
    const rows = retentionRows(data());
    expect(changedFields(rows, { minute: ' 30 ', hour: '90', logs: '1', day: '0' })).toEqual({ hour: '90' });
    expect(changedFields(rows, { minute: '7 ' })).toEqual({ minute: '7' });
  });

  it.each([
    [{ id: 1, role: 2, is_account_owner: true }, true],
    [{ id: 2, role: 2, is_account_owner: false }, false],
    [{ id: 3, role: 3, is_account_owner: false }, false],
    [null, false],
  ])('%j may set retention: %s', (u, want) => expect(canSetRetention(u)).toBe(want));
});
