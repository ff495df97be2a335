import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors';

/** The authenticated tenant of a request. */
export interface AccountContext {
  id: number;
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    account: AccountContext;
  }
}

/** API keys carry 256 random bits, so one SHA-256 is enough at rest: no key can be guessed from it. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function newApiKey(): string {
  return randomBytes(24).toString('base64url');
}

/** Compares a presented key with a stored hash in constant time. */
export function keyMatches(key: string, storedHash: string): boolean {
  const a = Buffer.from(hashKey(key), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

// Compared against when the e-mail is unknown, so that case costs the same as a wrong key.
const DUMMY_HASH = hashKey('no such account');

export interface AuthLookup {
  findAccountByEmail(email: string): Promise<{ id: number; email: string; keyHash: string } | null>;
}

export interface AuthOptions {
  /** Failures from one address within the window before it is refused with 429. */
  maxFailures?: number;
  windowSeconds?: number;
}

/** Parses an `Authorization: Basic` header into e-mail and key. */
export function parseBasic(header: string | undefined): { email: string; key: string } | null {
  if (!header) return null;
  const m = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!m?.[1]) return null;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 1) return null;
  return { email: text.slice(0, colon), key: text.slice(colon + 1) };
}

/**
 * The onRequest hook of every /api route: HTTP Basic with the account e-mail and API key.
 * Repeated failures from one address are throttled with 429 and Retry-After.
 */
export function basicAuth(lookup: AuthLookup, opts: AuthOptions = {}) {
  const maxFailures = opts.maxFailures ?? 20;
  const windowMs = (opts.windowSeconds ?? 300) * 1000;
  const failures = new Map<string, { count: number; since: number }>();

  // Browsers answer WWW-Authenticate with their own password prompt; the dashboard marks its requests
  // with X-Requested-With so a wrong key lands on its sign-in form instead.
  const unauthorized = (req: FastifyRequest, message: string) =>
    new ApiError(
      401,
      message,
      undefined,
      req.headers['x-requested-with'] === 'XMLHttpRequest' ? {} : { 'WWW-Authenticate': 'Basic realm="api", charset="UTF-8"' },
    );

  function recordFailure(ip: string, now: number) {
    if (failures.size > 100_000) failures.clear(); // bound memory under a spray of addresses
    const f = failures.get(ip);
    if (!f || now - f.since > windowMs) failures.set(ip, { count: 1, since: now });
    else f.count++;
  }

  return async function authenticate(req: FastifyRequest, _reply: FastifyReply) {
    const now = Date.now();
    const ip = req.ip;
    const f = failures.get(ip);
    if (f && now - f.since <= windowMs && f.count >= maxFailures) {
      const retry = Math.max(1, Math.ceil((f.since + windowMs - now) / 1000));
      throw new ApiError(429, 'too many failed sign-ins from this address; try again later', undefined, {
        'Retry-After': String(retry),
      });
    }
    const creds = parseBasic(req.headers.authorization);
    // No credentials is the Basic challenge step many clients take first, not a guess: counting it
    // would let a few anonymous requests lock the address out (and the local collector with it).
    if (!creds) {
      throw unauthorized(req, 'authentication required: HTTP Basic with the account e-mail and API key');
    }
    const account = await lookup.findAccountByEmail(creds.email);
    const ok = keyMatches(creds.key, account?.keyHash ?? DUMMY_HASH) && account !== null;
    if (!ok || !account) {
      recordFailure(ip, now);
      throw unauthorized(req, 'wrong e-mail or API key');
    }
    req.account = { id: account.id, email: account.email };
  };
}
