import { describe, expect, it } from 'vitest';
import { matchShortcut } from './shortcuts';

describe('matchShortcut', () => {
  it('matches a single key', () => {
    expect(matchShortcut('?', null)).toEqual({ action: 'help', pending: null });
  });
  it('remembers a prefix and completes the sequence', () => {
    expect(matchShortcut('g', null)).toEqual({ pending: 'g' });
    expect(matchShortcut('l', 'g')).toEqual({ action: 'go:logs', pending: null });
  });
  it('falls back to a single key after a prefix that leads nowhere', () => {
    expect(matchShortcut('1', 'g')).toEqual({ action: 'range:1h', pending: null });
  });
  it('ignores unknown keys', () => {
    expect(matchShortcut('z', null)).toEqual({ pending: null });
  });
});
