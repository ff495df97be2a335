import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long an e-mailed acknowledge link works. */
export const ACK_TOKEN_TTL_S = 7 * 86_400;

/** What an acknowledge link names: one incident of one account, the recipient it was sent to, its expiry and nonce. */
export interface AckTokenClaims {
  accountId: number;
  historyId: number;
  userId: number;
  /** Epoch seconds after which the link no longer acts. */
  expires: number;
  /** Random: names this link's single use. */
  nonce: string;
}

const VERSION = 'a1';
const NUM = /^[1-9]\d{0,15}$/;
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;
const SIG = /^[A-Za-z0-9_-]{43}$/;

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

/**
 * A link token: `a1.<account>.<history>.<user>.<expires>.<nonce>.<HMAC-SHA256 of the rest>`, URL-safe.
 * The claims are readable (they are ids only), the signature with the account's secret makes them
 * unforgeable; the nonce lets the store record the single use.
 */
export function mintAckToken(secret: string, c: Omit<AckTokenClaims, 'nonce'> & { nonce?: string }): string {
  const payload = [VERSION, c.accountId, c.historyId, c.userId, c.expires, c.nonce ?? randomBytes(16).toString('base64url')].join('.');
  return `${payload}.${sign(secret, payload)}`;
}

/** The claims of a well-formed token, unverified (to look up the account's secret); null when malformed. */
export function readAckToken(token: string): AckTokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 7 || parts[0] !== VERSION) return null;
  const [, a, h, u, e, nonce, sig] = parts as [string, string, string, string, string, string, string];
  if (![a, h, u, e].every((x) => NUM.test(x)) || !NONCE.test(nonce) || !SIG.test(sig)) return null;
  return { accountId: Number(a), historyId: Number(h), userId: Number(u), expires: Number(e), nonce };
}

/** True when the token's signature is the account secret's (compared in constant time). */
export function ackTokenSigned(token: string, secret: string): boolean {
  const at = token.lastIndexOf('.');
  const expected = Buffer.from(sign(secret, token.slice(0, at)));
  const given = Buffer.from(token.slice(at + 1));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
