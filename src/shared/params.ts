import { z } from 'zod';
import { jsonTooDeep, tooDeepMessage } from './json-depth';

/**
 * Building blocks for request parameters. Clients send url-encoded form fields (strings) or JSON
 * bodies (typed values); every helper here accepts both, and its messages name the rule broken.
 */

/** An integer sent as a number or as decimal text. */
export function intParam(field: string, opts: { min?: number; max?: number } = {}) {
  let schema = z.number({ error: `${field} must be an integer` }).int({ error: `${field} must be an integer` });
  if (opts.min !== undefined) schema = schema.min(opts.min, { error: rangeMessage(field, opts) });
  if (opts.max !== undefined) schema = schema.max(opts.max, { error: rangeMessage(field, opts) });
  return z.preprocess(toNumber, schema);
}

/** A number (integer or decimal) sent as a number or as text. */
export function numberParam(field: string, opts: { min?: number; max?: number } = {}) {
  let schema = z.number({ error: `${field} must be a number` }).refine(Number.isFinite, { error: `${field} must be a number` });
  if (opts.min !== undefined) schema = schema.refine((n) => n >= opts.min!, { error: rangeMessage(field, opts) });
  if (opts.max !== undefined) schema = schema.refine((n) => n <= opts.max!, { error: rangeMessage(field, opts) });
  return z.preprocess(toNumber, schema);
}

function rangeMessage(field: string, { min, max }: { min?: number; max?: number }): string {
  if (min !== undefined && max !== undefined) return `${field} must be between ${min} and ${max}`;
  if (min !== undefined) return `${field} must be at least ${min}`;
  return `${field} must be at most ${max}`;
}

function toNumber(v: unknown): unknown {
  if (typeof v === 'string') {
    const t = v.trim();
    if (t === '' || !/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(t)) return v;
    return Number(t);
  }
  return v;
}

/** A boolean sent as true/false, 1/0, yes/no (any case) or as a JSON boolean. */
export function boolParam(field: string) {
  return z.preprocess((v) => {
    if (typeof v === 'string') {
      const t = v.trim().toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(t)) return true;
      if (['false', '0', 'no', 'off'].includes(t)) return false;
    }
    if (v === 1) return true;
    if (v === 0) return false;
    return v;
  }, z.boolean({ error: `${field} must be true or false` }));
}

/** A string whose length is checked, with a message such as "name must be 1-32 characters". */
export function textParam(field: string, min: number, max: number) {
  const msg = `${field} must be ${min}-${max} characters`;
  return z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: `${field} must be text` }).min(min, { error: msg }).max(max, { error: msg }),
  );
}

/**
 * A list parameter: the spec sends lists as JSON text inside one form field ("[1,2]"); JSON bodies
 * may send a real array. As an extension for existing clients (AppFirst's afapi), a form or query may
 * also give one bare value (`servers=6`) or repeat the field with bare values (`servers=6&servers=7`).
 * A bare value must itself be a valid item, so a typo ("web-1" for an id) is still "must be a JSON list".
 */
export function jsonListParam<T extends z.ZodType>(field: string, item: T) {
  // Only lists of checkable items take bare values: where any item passes (buckets' raw lines), a
  // stray text must stay "must be a JSON list" rather than become a list of itself.
  const permissive = item.safeParse(Symbol('probe')).success;
  const bare = (x: unknown) => !permissive && typeof x === 'string' && !/^\s*\[/.test(x) && item.safeParse(x).success;
  return z.preprocess((v, ctx) => {
    if (Array.isArray(v) && v.length > 0 && v.every(bare)) return v;
    // The field repeated in a form or query (filter=[1]&filter=[2]) arrives as a list of JSON texts.
    if (Array.isArray(v) && v.length > 1 && v.some((x) => typeof x === 'string' && /^\s*\[/.test(x))) {
      ctx.addIssue({ code: 'custom', message: `${field} must be given once`, input: v });
      return z.NEVER;
    }
    if (typeof v !== 'string') return v;
    if (jsonTooDeep(v)) {
      ctx.addIssue({ code: 'custom', message: tooDeepMessage(field), input: v });
      return z.NEVER;
    }
    try {
      const parsed: unknown = JSON.parse(v);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      /* not JSON: maybe one bare value */
    }
    return bare(v) ? [v] : Symbol.for('invalid-json');
  }, z.array(item, { error: `${field} must be a JSON list` }));
}

/** Ids inside a JSON list: integers, also accepted as numeric strings. */
export function idListParam(field: string) {
  return jsonListParam(field, intParam(`each id in ${field}`, { min: 1 }));
}

/**
 * An optional filter of a list query: an empty value means no filter, exactly as if it were not
 * given (so `?hostname=` lists every server, as `?email=` and `?filter=` do).
 */
export function listFilter<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());
}

/** Epoch seconds (UTC). */
export function epochParam(field: string) {
  return intParam(field, { min: 0 });
}
