import { describe, expect, it } from 'vitest';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../../shared/json-depth';
import { bodyRefusal } from './json-body';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('bodyRefusal: depth counted as jsonTooDeep counts it in the text', () => {
  it.each([
    ['a flat document', '{"a":1,"b":[1,2]}'],
    ['arrays at the limit', nested(MAX_JSON_DEPTH)],
    ['arrays one level past it', nested(MAX_JSON_DEPTH + 1)],
    ['objects at the limit', '{"a":'.repeat(MAX_JSON_DEPTH - 1) + '{}' + '}'.repeat(MAX_JSON_DEPTH - 1)],
    ['objects one level past it', '{"a":'.repeat(MAX_JSON_DEPTH) + '{}' + '}'.repeat(MAX_JSON_DEPTH)],
    ['objects and arrays mixed past it', '{"a":'.repeat(40) + nested(30) + '}'.repeat(40)],
    ['siblings that each stay under it', `[${nested(60)},${nested(60)}]`],
    ['a deep one after many shallow siblings', `[${'[1],'.repeat(1000)}${nested(MAX_JSON_DEPTH)}]`],
    ['brackets inside strings', JSON.stringify({ a: '['.repeat(1000) })],
    ['a deep value 50,000 levels', nested(50_000)],
    ['a scalar', '5'],
    ['null', 'null'],
  ])('%s', (_name, text) => expect(bodyRefusal(JSON.parse(text)) === 'deep').toBe(jsonTooDeep(text)));

  it('takes a lower limit', () => {
    expect(bodyRefusal([[[]]], 2)).toBe('deep');
    expect(bodyRefusal({ a: [] }, 2)).toBeNull();
  });
});

describe('bodyRefusal: prototype poisoning as secure-json-parse refuses it', () => {
  it.each([
    ['__proto__ at the top', '{"__proto__":{"a":1}}'],
    ['__proto__ with a scalar', '{"a":[{"__proto__":1}]}'],
    ['__proto__ spelled with escapes', '{"a":{"\\u005f\\u005F\\u0070roto__":{}}}'],
    ['constructor carrying a prototype', '{"a":{"constructor":{"prototype":{}}}}'],
    ['constructor spelled with escapes', '[{"\\u0063onstructor":{"prototype":null}}]'],
    ['poisoning past the depth limit (poisoning wins)', `{"a":${'['.repeat(MAX_JSON_DEPTH + 3)}{"__proto__":{}}${']'.repeat(MAX_JSON_DEPTH + 3)}}`],
  ])('%s is poisoned', (_name, text) => expect(bodyRefusal(JSON.parse(text))).toBe('poisoned'));

  it.each([
    ['constructor as a number', '{"constructor":1}'],
    ['constructor without a prototype', '{"constructor":{"name":"x"}}'],
    ['the words as values', '{"a":"__proto__","b":["constructor"]}'],
    ['a prototype key alone', '{"prototype":{}}'],
  ])('%s is not', (_name, text) => expect(bodyRefusal(JSON.parse(text))).toBeNull());
});
