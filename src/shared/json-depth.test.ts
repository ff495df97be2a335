import { describe, expect, it } from 'vitest';
import { jsonTooDeep, MAX_JSON_DEPTH } from './json-depth';

const nested = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth);

describe('jsonTooDeep', () => {
  it.each([
    ['a flat document', '{"a":1,"b":[1,2]}', false],
    ['arrays at the limit', nested(MAX_JSON_DEPTH), false],
    ['arrays one level past it', nested(MAX_JSON_DEPTH + 1), true],
    ['objects and arrays mixed past it', '{"a":'.repeat(40) + nested(30) + '}'.repeat(40), true],
    ['siblings that each stay under it', `[${nested(60)},${nested(60)}]`, false],
    ['brackets inside strings', JSON.stringify({ a: '['.repeat(1000) }), false],
    ['escaped quotes inside strings', JSON.stringify({ a: '\\"[[[[' + '['.repeat(100) }), false],
    ['an escaped backslash ending a string', `["a\\\\",${nested(MAX_JSON_DEPTH)}]`, true],
    ['an escaped quote after escaped backslashes', `["a\\\\\\"${nested(MAX_JSON_DEPTH)}"]`, false],
    ['an unterminated string', `["${nested(MAX_JSON_DEPTH + 1)}`, false],
    ['a deep text 50,000 levels', nested(50_000), true],
  ])('%s', (_name, text, deep) => expect(jsonTooDeep(text)).toBe(deep));

  it('takes a lower limit', () => {
    expect(jsonTooDeep('[[[]]]', 2)).toBe(true);
    expect(jsonTooDeep('[[]]', 2)).toBe(false);
  });
});
