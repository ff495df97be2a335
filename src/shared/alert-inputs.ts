import { z } from 'zod';
import { isEmailAddress } from './email';
import { jsonTooDeep, tooDeepMessage } from './json-depth';

/**
 * Parsers of the alert parameters that carry lists (users, subscribers) or compound text (the
 * Process target id, Port Accessed ports). Each failure message names the parameter and the rule.
 */

/** Members of a user entry; flags default to e-mail only. */
export interface AlertUserInput {
  /** A user profile id, or an e-mail address (deprecated form, resolved to the profile's id). */
  ref: number | string;
  sendemail: boolean;
  sendsms: boolean;
  pushnotification: boolean;
}

/** A subscriber as stored: the spec's object form with defaults applied, plus an optional HMAC secret. */
export interface SubscriberInput {
  url: string;
  auth: string | null;
  type: 'get' | 'post';
  event: 'TRIGGERED' | 'RESOLVED' | 'BOTH';
  secret: string | null;
}

/**
 * A subscriber as a request gives it. The secret is write-only, so `secret` is undefined when the entry
 * leaves it out (an update then keeps the stored one, see secretSources), null when it is null or "".
 */
export interface SubscriberEntry extends Omit<SubscriberInput, 'secret'> {
  secret: string | null | undefined;
}

export const SUBSCRIBER_TYPES = ['get', 'post'] as const;
export const SUBSCRIBER_EVENTS = ['TRIGGERED', 'RESOLVED', 'BOTH'] as const;
export const MAX_ALERT_USERS = 100;
export const MAX_SUBSCRIBERS = 20;

/** A JSON text parsed for the schema after it (other values pass as they are); `field` names it in errors. */
const parseJsonText = (field: string) => (v: unknown, ctx: z.RefinementCtx): unknown => {
  if (typeof v !== 'string') return v;
  if (jsonTooDeep(v)) {
    ctx.addIssue({ code: 'custom', message: tooDeepMessage(field), input: v });
    return z.NEVER;
  }
  try {
    return JSON.parse(v);
  } catch {
    return Symbol.for('invalid-json');
  }
};

function flag(v: unknown, fallback: boolean): boolean | null {
  if (v === undefined || v === null) return fallback;
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === 0) return v === 1;
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(t)) return true;
    if (['false', '0', 'no', 'off'].includes(t)) return false;
  }
  return null;
}

function userRef(v: unknown): number | string | null {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) return v;
  if (typeof v === 'string') {
    const t = v.trim();
    if (/^\d{1,15}$/.test(t) && Number(t) > 0) return Number(t);
    if (isEmailAddress(t)) return t.toLowerCase();
  }
  return null;
}

/** One entry of `users`: a profile id, an e-mail, or {id|email, sendemail, sendsms, pushnotification}. */
export function parseUserEntry(v: unknown): AlertUserInput | string {
  const bad = 'each user in users must be a user profile id, an e-mail address or an object with id';
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    const ref = userRef(v);
    return ref === null ? bad : { ref, sendemail: true, sendsms: false, pushnotification: false };
  }
  const o = v as Record<string, unknown>;
  const ref = userRef(o.id ?? o.email);
  if (ref === null) return bad;
  const sendemail = flag(o.sendemail, true);
  const sendsms = flag(o.sendsms, false);
  const pushnotification = flag(o.pushnotification, false);
  if (sendemail === null || sendsms === null || pushnotification === null) {
    return 'each user in users must give sendemail, sendsms and pushnotification as true or false';
  }
  return { ref, sendemail, sendsms, pushnotification };
}

/** `users`: a JSON list (text or array) of at least one user entry. */
export const usersParam = z.preprocess(
  parseJsonText('users'),
  z
    .array(
      z.unknown().transform((v, ctx) => {
        const r = parseUserEntry(v);
        if (typeof r === 'string') {
          ctx.addIssue({ code: 'custom', message: r });
          return z.NEVER;
        }
        return r;
      }),
      { error: 'users must be a JSON list' },
    )
    .min(1, { error: 'users must list at least one user' })
    .max(MAX_ALERT_USERS, { error: `users must list at most ${MAX_ALERT_USERS} users` }),
);

function httpUrl(v: unknown): string | null {
  if (typeof v !== 'string' || v.length > 2048) return null;
  try {
    const u = new URL(v.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/** Basic credentials must be base64 of `username:password`. */
function isBasicAuth(v: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(v) || v.length % 4 !== 0 || v.length > 1024) return false;
  const decoded = atob(v);
  return decoded.indexOf(':') > 0;
}

/** One subscriber: a url string (defaults) or {url, auth, type, event, secret}; other members are ignored. */
export function parseSubscriber(v: unknown): SubscriberEntry | string {
  const badUrl = 'each subscriber url must be an http or https URL';
  if (typeof v === 'string') {
    const url = httpUrl(v);
    return url ? { url, auth: null, type: 'get', event: 'BOTH', secret: undefined } : badUrl;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    return 'each subscriber in subscribers must be a url or an object with url';
  }
  const o = v as Record<string, unknown>;
  const url = httpUrl(o.url);
  if (!url) return badUrl;
  let auth: string | null = null;
  if (o.auth !== undefined && o.auth !== null && o.auth !== '') {
    if (typeof o.auth !== 'string' || !isBasicAuth(o.auth.trim())) {
      return 'each subscriber auth must be base64 text of username:password';
    }
    auth = o.auth.trim();
  }
  const type = o.type === undefined || o.type === null ? 'get' : String(o.type).trim().toLowerCase();
  if (type !== 'get' && type !== 'post') return 'each subscriber type must be get or post';
  const event = o.event === undefined || o.event === null ? 'BOTH' : String(o.event).trim().toUpperCase();
  if (event !== 'TRIGGERED' && event !== 'RESOLVED' && event !== 'BOTH') {
    return 'each subscriber event must be TRIGGERED, RESOLVED or BOTH';
  }
  let secret: string | null | undefined = o.secret === undefined ? undefined : null;
  if (o.secret !== undefined && o.secret !== null && o.secret !== '') {
    if (typeof o.secret !== 'string' || o.secret.length > 256) return 'each subscriber secret must be text of at most 256 characters';
    secret = o.secret;
  }
  return { url, auth, type, event, secret };
}

/** What identifies a subscriber across edits: its url (as the service spells it) and its Basic credentials. */
export function subscriberKey(s: { url: string; auth: string | null }): string {
  return `${httpUrl(s.url) ?? s.url.trim()} ${s.auth?.trim() ?? ''}`;
}

/**
 * For each entry of a new subscriber list, the index of the stored subscriber it stands for: the next
 * unclaimed one with the same url and auth, in list order (so duplicates pair up in order), or null.
 * An entry that leaves its secret out keeps that subscriber's secret; a changed url or auth starts
 * afresh, so a secret never follows a callback to another receiver or other credentials.
 */
export function secretSources(stored: readonly { url: string; auth: string | null }[], entries: readonly { url: string; auth: string | null }[]): (number | null)[] {
  const free = new Map<string, number[]>();
  stored.forEach((s, i) => {
    const k = subscriberKey(s);
    free.set(k, [...(free.get(k) ?? []), i]);
  });
  return entries.map((e) => free.get(subscriberKey(e))?.shift() ?? null);
}

/** The stored list after an update: omitted secrets kept from the stored subscriber they stand for. */
export function keepSecrets(stored: readonly SubscriberInput[] | null, entries: readonly SubscriberEntry[]): SubscriberInput[] {
  const sources = secretSources(stored ?? [], entries);
  return entries.map((e, i) => {
    const from = sources[i];
    const kept = from === null || from === undefined ? null : (stored?.[from]?.secret ?? null);
    return { ...e, secret: e.secret === undefined ? kept : e.secret };
  });
}

/**
 * `subscribers`: a JSON list of url strings and objects; `[]` clears them (stored as null). Entries keep
 * an omitted secret (undefined) so that the service can apply keepSecrets against the stored list.
 */
export const subscribersParam = z.preprocess(
  parseJsonText('subscribers'),
  z
    .array(
      z.unknown().transform((v, ctx) => {
        const r = parseSubscriber(v);
        if (typeof r === 'string') {
          ctx.addIssue({ code: 'custom', message: r });
          return z.NEVER;
        }
        return r;
      }),
      { error: 'subscribers must be a JSON list' },
    )
    .max(MAX_SUBSCRIBERS, { error: `subscribers must list at most ${MAX_SUBSCRIBERS} subscribers` })
    .transform((list) => (list.length ? list : null)),
);

/** The parts of a Process target id `<server_id>,<pid>,<creation_time>,<process_name>`. */
export interface ProcessTarget {
  serverId: number;
  pid: number;
  creationTime: number;
  name: string;
}

/** Parses a Process target id; the name may itself contain commas. Null when malformed. */
export function parseProcessTarget(text: string): ProcessTarget | null {
  const m = /^\s*(\d{1,15})\s*,\s*(\d{1,15})\s*,\s*(\d{1,15})\s*,(.+)$/.exec(text);
  if (!m) return null;
  const name = m[4]!.trim();
  if (!name || Number(m[1]) <= 0) return null;
  return { serverId: Number(m[1]), pid: Number(m[2]), creationTime: Number(m[3]), name };
}

/** Port Accessed ports: comma-separated integers 1-65535, normalized to "80,443"; null when malformed. */
export function normalizePorts(text: string): string | null {
  const t = text.trim();
  if (t === '') return '';
  const parts = t.split(',').map((p) => p.trim());
  if (!parts.every((p) => /^\d{1,5}$/.test(p) && Number(p) >= 1 && Number(p) <= 65535)) return null;
  return parts.join(',');
}

/** True when the text compiles as a JavaScript regular expression. */
export function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
