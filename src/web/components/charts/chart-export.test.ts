import { describe, expect, it } from 'vitest';
import { chartCsv, chartFileName } from './chart-export';

describe('chartCsv', () => {
  it('writes time, ISO time and one column per series label, every row, gaps empty', () => {
    const csv = chartCsv(
      [{ time: 60, a: 1.5, b: null }, { time: 120, a: 2 }],
      [{ key: 'a', label: 'CPU %' }, { key: 'b', label: 'In, bytes' }],
    );
    expect(csv).toBe('time,time_utc,CPU %,"In, bytes"\r\n60,1970-01-01T00:01:00.000Z,1.5,\r\n120,1970-01-01T00:02:00.000Z,2,\r\n');
  });

  it('guards a series label that looks like a formula', () => {
    expect(chartCsv([], [{ key: 'a', label: '=cmd' }]).split('\r\n')[0]).toBe("time,time_utc,'=cmd");
  });
});

describe('chartFileName', () => {
  it.each([
    ['CPU', 'csv', 'cpu.csv'],
    ['web-01: Memory used', 'png', 'web-01-memory-used.png'],
    ['///', 'csv', 'chart.csv'],
  ] as const)('%s as %s is %s', (title, ext, name) => {
    expect(chartFileName(title, ext)).toBe(name);
  });
});
