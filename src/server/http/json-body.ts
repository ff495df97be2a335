import type { FastifyInstance } from 'fastify';
import { errorCodes } from 'fastify';
import { MAX_JSON_DEPTH } from '../../shared/json-depth';
import { badRequest } from './errors';

/**
 * JSON bodies are parsed as Fastify's default parser does (prototype poisoning refused as invalid
 * JSON), except that an empty body means "no parameters": many clients send `Content-Type:
 * application/json` on every request, bodiless DELETEs included. A body nested deeper than
 * MAX_JSON_DEPTH is refused before any route sees it: validating, copying or auditing such a value
 * recurses once per level. Both are judged on the parsed value in one walk (bodyRefusal): V8's
 * JSON.parse does not recurse, and on collector batches the text scans they replace (secure-json-parse's
 * two prototype regular expressions, then a depth walk) cost a third of JSON.parse itself.
 */
export function acceptEmptyJsonBody(app: FastifyInstance) {
  const tooDeep = () => badRequest(`the JSON body nests deeper than ${MAX_JSON_DEPTH} levels`);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    let text = String(body);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    // secure-json-parse skips a byte order mark; JSON.parse alone would refuse it.
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
      return;
    }
    const refusal = bodyRefusal(value);
    if (refusal === 'poisoned') done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
    else if (refusal === 'deep') done(tooDeep(), undefined);
    else done(null, value);
  });
}

const hasOwn = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/**
 * Why a parsed JSON value must be refused, or null: 'poisoned' when an object in it has an own
 * `__proto__` key, or an own `constructor` that is an object with its own `prototype` (what
 * secure-json-parse refuses, in any spelling: the keys are judged after JSON.parse decoded them);
 * else 'deep' when arrays and objects nest deeper than `max` (counted as `jsonTooDeep` counts in the text).
 * Poisoning is looked for everywhere, past the depth limit too: it was judged before the depth.
 * Iterative, so any depth is walked without recursion. Values are read with Object.values, which
 * copies an object's values at once; a `for...in` with a keyed read per key cost twice as much.
 */
export function bodyRefusal(value: unknown, max = MAX_JSON_DEPTH): 'poisoned' | 'deep' | null {
  if (typeof value !== 'object' || value === null) return null;
  const items: object[] = [value];
  const depths: number[] = [1];
  let deep = false;
  while (items.length > 0) {
    const item = items.pop()!;
    const depth = depths.pop()!;
    if (depth > max) deep = true;
    let values: unknown[];
    if (Array.isArray(item)) values = item;
    else {
      if (hasOwn(item, '__proto__')) return 'poisoned';
      if (hasOwn(item, 'constructor')) {
        const c: unknown = (item as { constructor: unknown }).constructor;
        if (typeof c === 'object' && c !== null && hasOwn(c, 'prototype')) return 'poisoned';
      }
      values = Object.values(item);
    }
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (typeof v === 'object' && v !== null) {
        items.push(v);
        depths.push(depth + 1);
      }
    }
  }
  return deep ? 'deep' : null;
}
