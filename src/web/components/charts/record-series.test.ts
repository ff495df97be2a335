import { describe, expect, it } from 'vitest';
import { APPLICATION_CHARTS, chartData, numeric, partRows, parts, scalarRows, SERVER_CHARTS, rowsLike } from './record-series';

const recs = [
  { time: 180, cpu: 30, cpu_cores: { '0': 10, '1': 50 }, memory: 100 },
  { time: 60, cpu: 10, cpu_cores: { '0': 5 } },
  { time: 120, cpu: { avg: 20, max: 40 }, cpu_cores: { '0': 6, '1': 7 } },
];

describe('numeric and parts', () => {
  it.each([
    [5, 5],
    [{ avg: 2, max: 9 }, 2],
    [{ val: 3 }, 3],
    ['7', null],
    [null, null],
    [Number.NaN, null],
  ])('numeric(%j) = %j', (v, n) => expect(numeric(v)).toBe(n));
  it('reads per-part objects and ignores junk', () => {
    expect(parts({ a: 1, b: { avg: 2 }, c: 'x' })).toEqual({ a: 1, b: 2 });
    expect(parts([1, 2])).toEqual({});
  });
});

describe('scalarRows', () => {
  it('orders by time and keeps missing values as null', () => {
    expect(scalarRows(recs, ['cpu', 'memory'])).toEqual([
      { time: 60, cpu: 10, memory: null },
      { time: 120, cpu: 20, memory: null },
      { time: 180, cpu: 30, memory: 100 },
    ]);
  });
});

describe('partRows', () => {
  it('makes one series per part', () => {
    const { rows, parts: names } = partRows(recs, 'cpu_cores');
    expect(names).toEqual(['0', '1']);
    expect(rows).toEqual([
      { time: 60, p0: 5, p1: null },
      { time: 120, p0: 6, p1: 7 },
      { time: 180, p0: 10, p1: 50 },
    ]);
  });
  it('keeps the parts with the highest peaks', () => {
    const many = [{ time: 0, d: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`c${i}`, i])) }];
    expect(partRows(many, 'd', 3).parts).toEqual(['c17', 'c18', 'c19']);
  });
});

describe('chartData', () => {
  it('skips charts whose fields are absent', () => {
    const disk = SERVER_CHARTS.find((c) => c.title === 'Disk usage')!;
    expect(chartData(recs, disk)).toBeNull();
    const net = SERVER_CHARTS.find((c) => c.title === 'Memory used')!;
    expect(chartData(recs, net)?.series).toEqual([{ key: 'memory', label: 'Memory' }]);
  });
});

describe('APPLICATION_CHARTS', () => {
  // Every field of the spec's application data record except cpu_core_count (a capacity, not a load).
  const FIELDS = ['cpu', 'memory', 'page_faults', 'thread_num', 'socket_write', 'socket_read', 'socket_num', 'process_num', 'file_read', 'file_write', 'file_num', 'registry_num', 'net_transact_num', 'response_num'];

  it('charts every field of the application data record once', () => {
    const charted = APPLICATION_CHARTS.flatMap((c) => ('fields' in c ? c.fields.map((f) => f.key) : []));
    expect([...charted].sort()).toEqual([...FIELDS].sort());
  });

  it('draws a chart per present field group, in time order', () => {
    const recs = [
      { time: 120, cpu: 12.5, process_num: 3, thread_num: 40 },
      { time: 60, cpu: { avg: 10, max: 20 }, process_num: 2 },
    ];
    const drawn = APPLICATION_CHARTS.map((c) => [c.title, chartData(recs, c)] as const).filter(([, d]) => d !== null);
    expect(drawn.map(([t]) => t)).toEqual(['CPU', 'Processes and threads']);
    expect(drawn[1]![1]!.rows).toEqual([
      { time: 60, process_num: 2, thread_num: null },
      { time: 120, process_num: 3, thread_num: 40 },
    ]);
  });
});

describe('chart units', () => {
  const unitOf = (title: string) => SERVER_CHARTS.find((c) => c.title === title)?.unit;
  it('reads free space in MB, traffic as rates, counts as counts and response time in µs', () => {
    expect(unitOf('Free space per mount')).toBe('mb');
    expect(unitOf('Network')).toBe('rate');
    expect(unitOf('Inbound per interface')).toBe('rate');
    expect(unitOf('Processes and threads')).toBe('count');
    expect(unitOf('Average response time')).toBe('us');
    // A count and a time never share an axis.
    expect(SERVER_CHARTS.find((c) => c.title === 'Responses')).toMatchObject({ fields: [{ key: 'response_num' }] });
  });
});

describe('rowsLike', () => {
  it('reads other records under the keys of series already chosen, parts matched by name', () => {
    const spec = { title: 'Disk', unit: 'percent' as const, partField: 'disk' };
    const series = [{ key: 'p0', label: '/' }, { key: 'p1', label: '/var' }];
    expect(rowsLike([{ time: 120, disk: { '/var': 3, '/home': 9 } }, { time: 60, disk: { '/': 1 } }], spec, series)).toEqual([
      { time: 60, p0: 1, p1: null },
      { time: 120, p0: null, p1: 3 },
    ]);
    const cpu = { title: 'CPU', unit: 'percent' as const, fields: [{ key: 'cpu', label: 'CPU %' }] };
    expect(rowsLike([{ time: 60, cpu: 5 }], cpu, [{ key: 'cpu', label: 'CPU %' }])).toEqual([{ time: 60, cpu: 5 }]);
  });
});
