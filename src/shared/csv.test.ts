import { describe, expect, it } from 'vitest';
import { csvField, flattenRecord, recordsToCsv, toCsv } from './csv';

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1', "'+1"],
    ['-cmd', "'-cmd"],
    ['@import', "'@import"],
    ['\tx', "'\tx"],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['', ''],
  ])('%j is written %j', (v, expected) => {
    expect(csvField(v)).toBe(expected);
  });

  it('writes numbers as numbers, negative ones unguarded, and nothing for null or NaN', () => {
    expect(csvField(-3.5)).toBe('-3.5');
    expect(csvField(0)).toBe('0');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(true)).toBe('true');
  });
});

describe('toCsv', () => {
  it('has a header row and CRLF line ends', () => {
    expect(toCsv(['time', 'cpu'], [[60, 1.5], [120, null]])).toBe('time,cpu\r\n60,1.5\r\n120,\r\n');
  });

  it('is only the header row without rows', () => {
    expect(toCsv(['time'], [])).toBe('time\r\n');
  });
});

describe('recordsToCsv', () => {
  it('flattens per-part objects into columns and keeps first-seen order after the leading columns', () => {
    const csv = recordsToCsv(
      [
        { time: 120, cpu: 3, disk: { '/': 10 } },
        { time: 60, memory: 5, disk: { '/': 11, '/var': 2 } },
      ],
      ['id', 'time'],
    );
    expect(csv.split('\r\n')).toEqual(['id,time,cpu,disk./,memory,disk./var', ',120,3,10,,', ',60,,11,5,2', '']);
  });

  it('writes lists and deeper objects as JSON text', () => {
    expect([...flattenRecord({ a: [1, 2], b: { c: { d: 1 } } })]).toEqual([
      ['a', '[1,2]'],
      ['b.c', '{"d":1}'],
    ]);
  });
});
