import { describe, expect, it } from 'vitest';
import { freezeTimeView, parseTimeView, pointCount, resolveTimeView, stepFor, writeTimeView } from './time-range';

const NOW = 1_700_000_030; // 30 s past a minute
const qs = (s: string) => new URLSearchParams(s);

describe('parseTimeView', () => {
  it.each([
    ['', { kind: 'relative', preset: '24h' }],
    ['range=7d', { kind: 'relative', preset: '7d' }],
    ['range=2y', { kind: 'relative', preset: '24h' }],
    ['from=100&to=200', { kind: 'absolute', from: 100, to: 200 }],
    ['from=200&to=100', { kind: 'relative', preset: '24h' }],
    ['from=abc&to=200&range=1h', { kind: 'relative', preset: '1h' }],
  ])('reads %j', (q, spec) => {
    expect(parseTimeView(qs(q)).spec).toEqual(spec);
  });
  it('reads an explicit step and ignores an unknown one', () => {
    expect(parseTimeView(qs('step=Hour')).step).toBe('Hour');
    expect(parseTimeView(qs('step=Week')).step).toBeUndefined();
  });
  it('reads a paused refresh', () => {
    expect(parseTimeView(qs('refresh=off')).paused).toBe(true);
    expect(parseTimeView(qs('')).paused).toBe(false);
  });
});

describe('writeTimeView', () => {
  it('round-trips and keeps other parameters', () => {
    const v = parseTimeView(qs('range=6h&step=Minute&refresh=off'));
    const out = writeTimeView(qs('q=web&range=1h'), v);
    expect(out.get('q')).toBe('web');
    expect(parseTimeView(out)).toEqual(v);
  });
  it('leaves the default preset out of the URL', () => {
    expect(writeTimeView(qs(''), parseTimeView(qs(''))).toString()).toBe('');
  });
});

describe('stepFor', () => {
  it.each([
    [3600, 'Minute'],
    [86400, 'Minute'],
    [7 * 86400, 'Hour'],
    [30 * 86400, 'Hour'],
    [90 * 86400, 'Day'],
  ])('%i seconds -> %s', (s, step) => expect(stepFor(s)).toBe(step));
});

describe('resolveTimeView', () => {
  it('ends a relative range at the last whole minute', () => {
    const w = resolveTimeView(parseTimeView(qs('range=1h')), NOW);
    expect(w).toEqual({ from: 1_700_000_040 - 3600 + 0, to: 1_699_999_980, step: 'Minute' });
    expect(pointCount(w)).toBe(60);
  });
  it('lets the step follow the range unless overridden', () => {
    expect(resolveTimeView(parseTimeView(qs('range=7d')), NOW).step).toBe('Hour');
    expect(resolveTimeView(parseTimeView(qs('range=7d&step=Minute')), NOW).step).toBe('Minute');
  });
  it('aligns the start of an Hour window to the hour', () => {
    expect(resolveTimeView(parseTimeView(qs('range=7d')), NOW).from % 3600).toBe(0);
  });
});

describe('freezeTimeView', () => {
  it('turns a relative range into absolute times and pauses refresh', () => {
    const f = freezeTimeView(parseTimeView(qs('range=6h')), NOW);
    expect(f).toEqual({ spec: { kind: 'absolute', from: 1_699_999_980 - 6 * 3600, to: 1_699_999_980 }, paused: true, step: undefined });
  });
  it('leaves an absolute range alone', () => {
    const v = parseTimeView(qs('from=1&to=2'));
    expect(freezeTimeView(v, NOW)).toBe(v);
  });
});
