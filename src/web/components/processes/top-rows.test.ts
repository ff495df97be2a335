import { describe, expect, it } from 'vitest';
import { nextSort, sortTop, topView, toTopRow, TOP_N } from './top-rows';

const rec = (pid: number, name: string, over: Record<string, unknown> = {}) => ({ uid: `6_${pid}_1700000000`, name, args: `${name} --flag`, time: 1_794_492_000, ...over });

describe('toTopRow', () => {
  it('takes pid from the uid, adds file reads and writes as I/O and network in and out, keeps missing usage null', () => {
    expect(toTopRow(rec(100, 'java', { cpu: 82.1, memory: 9e9, thread_num: 180, file_read: 60_000, file_write: 24_000, socket_read: 5, socket_write: 7 }))).toEqual({
      uid: '6_100_1700000000', name: 'java', pid: '100', args: 'java --flag', cpu: 82.1, memory: 9e9, io: 84_000, net: 12, threads: 180,
    });
    expect(toTopRow(rec(7, 'cron', { file_write: 10 }))).toMatchObject({ cpu: null, memory: null, io: 10, net: null, threads: null });
    expect(toTopRow({ time: 1, uid: '6_9_1', name: '', args: null })).toMatchObject({ name: '6_9_1', pid: '9', args: '' });
  });
});

describe('sortTop', () => {
  const rows = [rec(1, 'polkitd', { cpu: 0.1, memory: 2e7 }), rec(2, 'java', { cpu: 82, memory: 9e9 }), rec(3, 'sshd', {}), rec(4, 'nginx', { cpu: 4, memory: 1e8 }), rec(5, 'bash', { cpu: 4 })].map(toTopRow);
  const names = (sort?: Parameters<typeof sortTop>[1]) => sortTop(rows, sort).map((r) => r.name);

  it.each([
    [undefined, ['java', 'bash', 'nginx', 'polkitd', 'sshd']],
    [{ key: 'cpu', dir: 'asc' } as const, ['polkitd', 'bash', 'nginx', 'java', 'sshd']],
    [{ key: 'memory', dir: 'desc' } as const, ['java', 'nginx', 'polkitd', 'bash', 'sshd']],
    [{ key: 'name', dir: 'asc' } as const, ['bash', 'java', 'nginx', 'polkitd', 'sshd']],
    [{ key: 'name', dir: 'desc' } as const, ['sshd', 'polkitd', 'nginx', 'java', 'bash']],
  ])('sorts by %j: CPU descending by default, missing values last, ties by name', (sort, expected) => {
    expect(names(sort)).toEqual(expected);
  });

  it('does not change its input', () => {
    sortTop(rows);
    expect(rows[0]!.name).toBe('polkitd');
  });
});

describe('nextSort', () => {
  it.each([
    [{ key: 'cpu', dir: 'desc' } as const, 'memory', { key: 'memory', dir: 'desc' }],
    [{ key: 'cpu', dir: 'desc' } as const, 'cpu', { key: 'cpu', dir: 'asc' }],
    [{ key: 'cpu', dir: 'asc' } as const, 'cpu', { key: 'cpu', dir: 'desc' }],
    [{ key: 'cpu', dir: 'desc' } as const, 'name', { key: 'name', dir: 'asc' }],
  ] as const)('from %j, a click on %s sorts %j', (from, key, to) => expect(nextSort(from, key)).toEqual(to));
});

describe('topView', () => {
  const many = Array.from({ length: 25 }, (_, i) => rec(i + 1, i === 17 ? 'java' : `proc-${i}`, { cpu: i === 17 ? 82 : i / 10 }));
  it('shows the top 10 by CPU, the culprit first, and counts them all', () => {
    const v = topView(many);
    expect(v.rows).toHaveLength(TOP_N);
    expect(v.total).toBe(25);
    expect(v.rows[0]!.name).toBe('java');
    expect(topView(many, { all: true }).rows).toHaveLength(25);
  });

  it('filters by name or arguments before taking the top', () => {
    expect(topView(many, { filter: ' JAVA ' })).toMatchObject({ total: 1, rows: [{ name: 'java' }] });
    expect(topView(many, { filter: 'proc-2 --flag' }).rows.map((r) => r.name)).toEqual(['proc-2']);
  });
});
