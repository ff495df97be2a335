import { describe, expect, it } from 'vitest';
import { addSeries, decodeSelection, encodeSelection, MAX_SERIES, type SeriesRef } from './selection';

const items: SeriesRef[] = [
  { kind: 's', ref: 12, field: 'cpu' },
  { kind: 'p', ref: '12_345_1700000000', field: 'memory' },
  { kind: 'a', ref: 3, field: 'thread_num' },
  { kind: 'd', ref: 7, field: 'load.1 - a/b' },
  { kind: 'b', ref: 9, field: 'value' },
  { kind: 'l', ref: 4, field: 'critical' },
];

describe('encodeSelection and decodeSelection', () => {
  it('round-trips every kind, names with separators included', () => {
    const text = encodeSelection(items);
    expect(text.startsWith('v1-s.12.cpu-p.12_345_1700000000.memory-')).toBe(true);
    expect(decodeSelection(text)).toEqual({ ok: true, items });
  });

  it('stays compact: unreserved characters only for plain fields', () => {
    const text = encodeSelection([items[0]!, items[5]!]);
    expect(text).toBe('v1-s.12.cpu-l.4.critical');
    expect(new URLSearchParams({ series: text }).toString()).toBe('series=v1-s.12.cpu-l.4.critical');
  });

  it('reads nothing as an empty selection', () => {
    expect(decodeSelection(null)).toEqual({ ok: true, items: [] });
    expect(decodeSelection('')).toEqual({ ok: true, items: [] });
    expect(decodeSelection('v1')).toEqual({ ok: true, items: [] });
  });

  it.each([
    ['v2-s.1.cpu', /unknown version \("v2"\)/],
    ['s.1.cpu', /unknown version/],
    ['v1-s.1', /Series 1 .* is not kind\.id\.field/],
    ['v1-s.1.cpu-x.1.cpu', /Series 2 \(kind\) of the link: kind must be one of/],
    ['v1-s.0.cpu', /Series 1 \(ref\) of the link/],
    ['v1-s.abc.cpu', /Series 1 \(ref\) of the link/],
    ['v1-s.1.bogus', /Series 1 \(field\) of the link: is not a field of this kind/],
    ['v1-p.12.cpu', /Series 1 \(ref\) of the link: is not a process uid/],
    ['v1-l.4.debug', /Series 1 \(field\)/],
    ['v1-d.4.%E0%A4%A', /not valid percent-encoding/],
    [`v1${'-s.1.cpu'.repeat(MAX_SERIES + 1)}`, /at most 24 series/],
  ])('%s is refused with a message', (text, message) => {
    const r = decodeSelection(text);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.message).toMatch(message);
  });
});

describe('addSeries', () => {
  it('appends, ignores a series already there, and stops at the maximum', () => {
    expect(addSeries([items[0]!], items[1]!)).toEqual([items[0], items[1]]);
    expect(addSeries([items[0]!], { kind: 's', ref: 12, field: 'cpu' })).toEqual([items[0]]);
    const full = Array.from({ length: MAX_SERIES }, (_, i): SeriesRef => ({ kind: 's', ref: i + 1, field: 'cpu' }));
    expect(addSeries(full, items[5]!)).toHaveLength(MAX_SERIES);
  });
});
