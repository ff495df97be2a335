// API keys and session tokens: made here, stored only as hashes, compared in constant time. Used by the
// services that issue keys and by the HTTP edge that checks them.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** API keys carry 192 random bits, so one SHA-256 is enough at rest: no key can be guessed from it. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new API key: 192 random bits, URL-safe. */
export function newApiKey(): string {
  return randomBytes(24).toString('base64url');
}

/** Compares a presented key with a stored hash in constant time. */
export function keyMatches(key: string, storedHash: string): boolean {
  const a = Buffer.from(hashKey(key), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Compares two secrets of the same kind in constant time (lengths are not secret). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
