import { describe, expect, it } from 'vitest';
import { filterRows } from './filter-rows';

const rows = [
  { name: 'web', servers: [1, 2] },
  { name: 'db', servers: [3] },
];
const names = new Map([
  [1, 'alpha'],
  [2, 'beta'],
  [3, 'Gamma'],
]);
const columns = [
  { text: (r: (typeof rows)[number]) => r.name },
  { text: (r: (typeof rows)[number], ctx: Map<number, string>) => r.servers.map((s) => ctx.get(s) ?? '').join(' ') },
  {},
];

describe('filterRows', () => {
  it.each([
    ['', ['web', 'db']],
    ['   ', ['web', 'db']],
    ['WE', ['web']],
    ['gamma', ['db']],
    [' beta ', ['web']],
    ['zzz', []],
  ])('q=%j keeps %j', (q, kept) => {
    expect(filterRows(rows, columns, q, names).map((r) => r.name)).toEqual(kept);
  });

  it('searches no column that has no text', () => {
    expect(filterRows(rows, [{}], 'web', undefined)).toEqual([]);
  });
});
