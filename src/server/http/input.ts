import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, fromZod } from './errors';

/**
 * The request's parameters: the query string merged with a form or JSON object body (body wins).
 * Repeated form keys arrive as arrays; a JSON body that is not an object is refused.
 */
export function rawInput(req: FastifyRequest): Record<string, unknown> {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const body = req.body;
  if (body === undefined || body === null || body === '') return { ...query };
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('the body must be form fields or a JSON object');
  return { ...query, ...(body as Record<string, unknown>) };
}

/**
 * Parses the request's parameters with a shared schema; a broken rule answers 400 naming the field.
 * `readOnly` lists the resource's RO fields: sending one is a 400, since scripts rely on every value
 * they send being applied or refused, never silently dropped.
 */
export function parseInput<S extends z.ZodType>(req: FastifyRequest, schema: S, opts: { readOnly?: readonly string[] } = {}): z.output<S> {
  const input = rawInput(req);
  const ro = opts.readOnly?.find((f) => input[f] !== undefined);
  if (ro) throw badRequest(`${ro} is read-only`, ro);
  const nul = Object.keys(input).find((f) => hasNul(input[f]));
  if (nul) throw badRequest(`${nul} must not contain NUL characters`, nul);
  const r = schema.safeParse(input);
  if (!r.success) throw fromZod(r.error, input);
  return r.data;
}

/** Whether a parameter holds U+0000 anywhere: no text column of either store can keep it the same way. */
function hasNul(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (Array.isArray(v)) return v.some(hasNul);
  if (typeof v === 'object' && v !== null) return Object.entries(v).some(([k, x]) => k.includes('\u0000') || hasNul(x));
  return false;
}

/** A positive integer id from the path; anything else is "not found", like a missing id. */
export function pathId(req: FastifyRequest, name = 'id'): number | null {
  const raw = (req.params as Record<string, string | undefined>)[name];
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

/** A detail query with the severity matched regardless of case (CRITICAL is critical). */
export const caselessSeverity = <T extends z.ZodType>(schema: T) =>
  z.preprocess((x) => (typeof x === 'object' && x !== null && 'severity' in x && typeof x.severity === 'string' ? { ...x, severity: x.severity.toLowerCase() } : x), schema);
