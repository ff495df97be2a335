import { describe, expect, it } from 'vitest';
import { fromLocalInput, parseAuditParams, toLocalInput } from './audit-filter';

describe('parseAuditParams', () => {
  it('reads the filters and ignores what is not a number where one is needed', () => {
    expect(parseAuditParams(new URLSearchParams('user=7&action=delete&resource=alerts&start=100&end=200&page=2'))).toEqual({
      page: 2, userId: 7, action: 'delete', resource: 'alerts', start: 100, end: 200,
    });
    expect(parseAuditParams(new URLSearchParams('user=x&start=-5&page=a'))).toEqual({ page: 0, userId: undefined, action: undefined, resource: undefined, start: undefined, end: undefined });
  });
});

describe('local datetime inputs', () => {
  it('round-trip a minute, the end including its last second', () => {
    const t = 1_795_917_600;
    expect(fromLocalInput(toLocalInput(t))).toBe(t);
    expect(fromLocalInput(toLocalInput(t), true)).toBe(t + 59);
  });

  it.each(['', '2026-11-29', '2026-11-29T25:00x'])('an incomplete value %j is no bound', (v) => expect(fromLocalInput(v)).toBeUndefined());
});
