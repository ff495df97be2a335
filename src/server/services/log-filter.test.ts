import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import { FILTER_BUDGET_MS, breToJs, compileFilter } from './log-filter';

const matches = (filter: string, message: string) => compileFilter(filter)([message])[0];

describe('basic regular expressions, whole-message match', () => {
  it.each([
    ['error', 'error', true],
    ['error', 'an error here', false],
    ['.*error.*', 'an error here', true],
    ['a+b', 'a+b', true],
    ['a+b', 'aab', false],
    ['a\\+b', 'aab', true],
    ['x?', 'x?', true],
    ['(a)', '(a)', true],
    ['\\(ab\\)*', 'ababab', true],
    ['\\(ab\\)\\1', 'abab', true],
    ['a\\{2,3\\}', 'aaa', true],
    ['a\\{2,3\\}', 'aaaa', false],
    ['a{2}', 'a{2}', true],
    ['a|b', 'a|b', true],
    ['a\\|b', 'b', true],
    ['*star', '*star', true],
    ['^abc$', 'abc', true],
    ['a^b$c', 'a^b$c', true],
    ['[[:digit:]]\\{3\\}', '123', true],
    ['[^0-9]*', 'abc', true],
    ['[^0-9]*', 'ab1', false],
    ['[a-]x', '-x', true],
    ['[]]', ']', true],
    ['a\\.b', 'a.b', true],
    ['a\\.b', 'axb', false],
    ['[\\]', '\\', true],
    ['.*', 'line one\nline two', true],
    ['GET /api.*', 'GET /api/servers', true],
  ])('%j against %j -> %s', (filter, message, expected) => {
    expect(matches(filter, message)).toBe(expected);
  });

  it.each(['\\(a', 'a\\)', '[abc', 'a\\{x\\}', 'a\\{3,1\\}', 'x\\', '[[:nope:]]'])('refuses the malformed %j as invalid input on filter', (f) => {
    try {
      compileFilter(f);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).kind).toBe('invalid');
      expect((e as DomainError).field).toBe('filter');
    }
  });

  it('matches a pattern that backtracking makes catastrophic at once, on RE2', () => {
    expect(compileFilter('\\(a*\\)*b')(['a'.repeat(5000) + 'c', 'a'.repeat(5000) + 'b'])).toEqual([false, true]);
  });

  it('stops a catastrophic pattern with a back-reference (which RE2 cannot run) as invalid input, "filter took too long"', () => {
    const t0 = Date.now();
    const run = compileFilter('\\(a*\\)*\\1b');
    try {
      run(['a'.repeat(5000) + 'c']);
      expect.unreachable();
    } catch (e) {
      expect((e as DomainError).kind).toBe('invalid');
      expect((e as DomainError).message).toBe('filter took too long');
    }
    expect(Date.now() - t0).toBeLessThan(FILTER_BUDGET_MS + 500);
  });

  it('translates groups and intervals to JavaScript', () => {
    expect(breToJs('\\(x\\)\\{1,2\\}+')).toBe('(x){1,2}\\+');
  });
});

// The dashboard's "contains" search sends `.*<text>.*` with BRE specials escaped and, ignoring case,
// each letter as a bracket of both cases (src/web/lib/bre-filter.ts); these are such filters.
describe('contains searches as the dashboard builds them', () => {
  it.each([
    ['.*[uU][pP][sS][tT][rR][eE][aA][mM].*', '502 while reading Upstream response', true],
    ['.*[uU][pP][sS][tT][rR][eE][aA][mM].*', 'upstream', true],
    ['.*[uU][pP][sS][tT][rR][eE][aA][mM].*', 'up stream', false],
    ['.*[aA]\\.[bB].*', 'x a.b y', true],
    ['.*[aA]\\.[bB].*', 'x axb y', false],
    ['.*\\[[xX]\\]\\*.*', 'got [x]* here', true],
    ['.*\\^5\\$.*', 'costs ^5$ now', true],
    ['.*[aA]\\\\[bB].*', 'C:\\a\\b', true],
    ['.*(1+2)?.*', 'is (1+2)? yes', true],
    ['.*[fF][aA][iI][lL].*', 'line one\nthen FAILED', true],
  ])('%j on %j is %s', (filter, message, out) => {
    expect(matches(filter, message)).toBe(out);
  });
});
