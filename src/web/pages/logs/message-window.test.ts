import { describe, expect, it } from 'vitest';
import { messageSpan, messageWindow } from './message-window';

const W = { from: 0, to: 86_400, step: 'Minute' as const };
const mw = (q: string) => messageWindow(new URLSearchParams(q), W);

describe('messageWindow', () => {
  it('follows the tail', () => {
    expect(mw('tail=1&mfrom=60')).toEqual({ kind: 'tail' });
    expect(messageSpan({ kind: 'tail' }, 1_000_030)).toEqual({ from: 999_720, to: 1_000_020 });
  });
  it('reads a picked minute or range', () => {
    expect(mw('mfrom=600')).toEqual({ kind: 'minutes', from: 600, to: 600, label: 'minute' });
    expect(mw('mfrom=600&mto=1200')).toMatchObject({ from: 600, to: 1200, label: 'range' });
  });
  it('defaults to the global range the chart shows, also for bad values', () => {
    expect(mw('')).toEqual({ kind: 'minutes', from: 0, to: 86_400, label: 'range' });
    expect(mw('mfrom=900&mto=100')).toMatchObject({ from: 0, to: 86_400 });
  });
});
