import { describe, expect, it } from 'vitest';
import { searchFromParams, toFilter, writeSearch } from './bre-filter';

const plain = { regex: false, matchCase: false };

describe('toFilter', () => {
  it.each([
    ['', ''],
    ['   ', ''],
    ['up', '.*[uU][pP].*'],
    ['a.b', '.*[aA]\\.[bB].*'],
    ['[x]*', '.*\\[[xX]\\]\\*.*'],
    ['^5$', '.*\\^5\\$.*'],
    ['a\\b', '.*[aA]\\\\[bB].*'],
    ['(1+2)?', '.*(1+2)?.*'],
    ['Straße', '.*[sS][tT][rR][aA]ß[eE].*'],
  ])('contains %j -> %j', (text, out) => {
    expect(toFilter(text, plain)).toBe(out);
  });
  it('keeps letters as typed when matching case', () => {
    expect(toFilter('Up 5', { regex: false, matchCase: true })).toBe('.*Up 5.*');
  });
  it('sends a regular expression as typed', () => {
    expect(toFilter('request 1[0-9] .*', { regex: true, matchCase: false })).toBe('request 1[0-9] .*');
  });
});

describe('search in the URL', () => {
  it('round-trips and drops what is off', () => {
    const p = writeSearch(new URLSearchParams('range=6h&re=1'), { text: 'x y', regex: false, matchCase: true });
    expect(p.toString()).toBe('range=6h&filter=x+y&case=1');
    expect(searchFromParams(p)).toEqual({ text: 'x y', regex: false, matchCase: true });
    expect(writeSearch(p, { text: '', regex: false, matchCase: false }).toString()).toBe('range=6h');
  });
});
