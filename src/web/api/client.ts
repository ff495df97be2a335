import { z } from 'zod';
import { errorBody } from '../../shared/errors';
import { pagedSchema } from '../../shared/paging';
import { API_PREFIX } from '../../shared/paths';
import { csrfToken, isWrite, setCsrfToken } from '../app/session';

/** An error answered by the API (or the network), with the field it concerns when the API names one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Parameter values as the spec wants them on the wire; lists and objects travel as JSON text. */
export type Params = Record<string, string | number | boolean | null | undefined | readonly unknown[] | object>;

/** Encodes parameters as form fields: lists as JSON text, booleans as true/false, undefined left out. */
export function encodeParams(params: Params): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    if (v === null) out.set(k, '');
    else if (typeof v === 'object') out.set(k, JSON.stringify(v));
    else out.set(k, String(v));
  }
  return out;
}

let onUnauthorized: () => void = () => undefined;
/** Called on any 401 after the session's token is forgotten; the app sends the user to sign-in. */
export function setUnauthorizedHandler(fn: () => void): void {
  onUnauthorized = fn;
}

export interface RequestOptions<T> {
  /** Query-string parameters (GET/DELETE) or form body (POST/PUT). */
  params?: Params;
  schema: z.ZodType<T>;
  /** Sent as a JSON body instead of form fields (POST /session/). */
  json?: unknown;
  /** A 401 is an answer here (checking or making a session), not a reason to go to sign-in. */
  quiet401?: boolean;
  signal?: AbortSignal;
}

/**
 * One API call with the session cookie: form encoding, the CSRF token on writes, typed errors, the
 * response parsed by `schema`.
 */
export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts: RequestOptions<T>): Promise<T> {
  // X-Requested-With lets the service answer a 401 without WWW-Authenticate, which would make the
  // browser open its own Basic sign-in prompt over the page.
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  const token = csrfToken();
  if (token && isWrite(method)) headers['X-CSRF-Token'] = token;
  let url = path.startsWith('/api') ? path : `${API_PREFIX}${path}`;
  let body: string | undefined;
  const encoded = encodeParams(opts.params ?? {});
  if (method === 'GET' || method === 'DELETE') {
    const qs = encoded.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  } else if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = encoded.toString();
  }
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, signal: opts.signal, credentials: 'same-origin' });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'the service cannot be reached');
  }
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    if (res.status === 401 && !opts.quiet401) {
      setCsrfToken(null);
      onUnauthorized();
    }
    const err = errorBody.safeParse(json);
    throw err.success
      ? new ApiError(err.data.error.status, err.data.error.message, err.data.error.field)
      : new ApiError(res.status, `${method} ${path} failed with status ${res.status}`);
  }
  const parsed = opts.schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError(res.status, `unexpected response from ${path}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`);
  }
  return parsed.data;
}

/** Every page of a paged list, following `page` until the count is reached (capped, to bound memory). */
export async function fetchAllPages<T>(path: string, item: z.ZodType<T>, params: Params = {}, maxPages = 20, signal?: AbortSignal): Promise<T[]> {
  const schema = pagedSchema(item) as unknown as z.ZodType<{ pagination: { count: number }; data: T[] }>;
  const out: T[] = [];
  for (let page = 0; page < maxPages; page++) {
    const r = await api('GET', path, { params: { ...params, limit: 2500, page }, schema, signal });
    out.push(...r.data);
    if (r.data.length === 0 || out.length >= r.pagination.count) break;
  }
  return out;
}

/** The {"result":"Success"} answer of DELETE and some POSTs. */
export const resultBody = z.object({ result: z.string() });
