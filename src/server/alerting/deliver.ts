import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Delivery } from '../store/repos/outbox';
import { refusal, type NetPolicy } from './net-policy';

export interface AttemptOutcome {
  ok: boolean;
  httpStatus: number | null;
  error: string | null;
  /** Seconds asked for by Retry-After on 429/503, when given. */
  retryAfter: number | null;
  latencyMs: number;
  /** True when the address was refused by policy: retrying cannot help. */
  refused: boolean;
}

/**
 * The url-encoded data of the spec's callback: alert_id, alert_history_id, status; then, for an
 * incident a silence matched, silenced=true (an extension; left out otherwise, so every other
 * callback is exactly the spec's and a receiver reads a missing field as false).
 */
export function callbackPayload(d: Pick<Delivery, 'alertId' | 'alertHistoryId' | 'status'> & { silenced?: boolean }): string {
  const data = new URLSearchParams({
    alert_id: String(d.alertId),
    alert_history_id: d.alertHistoryId === null ? '' : String(d.alertHistoryId),
    status: d.status,
  });
  if (d.silenced) data.set('silenced', 'true');
  return data.toString();
}

/** HMAC-SHA256 over "<timestamp>.<payload>", hex; sent as X-Signature: sha256=<hex>. */
export function sign(secret: string, timestamp: string, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
}

class Refused extends Error {}

/** A DNS lookup that refuses every resolved address the policy does not permit: checked at connect time. */
export function guardedLookup(policy: NetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const bad = addresses.map((a) => refusal(a.address, policy)).find((r) => r !== null);
      if (bad) return callback(new Refused(bad), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

function parseRetryAfter(v: string | undefined, nowMs: number): number | null {
  if (!v) return null;
  if (/^\d+$/.test(v.trim())) return Number(v.trim());
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : Math.max(0, Math.ceil((t - nowMs) / 1000));
}

/**
 * An outbound HTTP request of the outbox (a callback or a channel message). `privateHeaders`
 * (credentials, signatures) go only to the first URL's origin, never after a redirect to another one;
 * `query` is appended to every hop's URL (a GET callback's data).
 */
export interface OutboundRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  privateHeaders: Record<string, string>;
  query?: string;
  body?: string;
}

/**
 * One attempt of a callback: GET with the data in the query string or POST url-encoded, Basic auth
 * from the subscriber's `auth`, a stable X-Delivery-Id, an optional HMAC signature.
 */
export async function attempt(d: Delivery, policy: NetPolicy, timeoutMs: number): Promise<AttemptOutcome> {
  const payload = callbackPayload(d);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = {
    'user-agent': 'fleetwatch-callbacks/1',
    'x-delivery-id': d.deliveryId,
    'idempotency-key': d.deliveryId,
    'x-delivery-attempt': String(d.attempts + 1),
  };
  const privateHeaders: Record<string, string> = {};
  if (d.auth) privateHeaders.authorization = `Basic ${d.auth}`;
  if (d.secret) {
    privateHeaders['x-signature-timestamp'] = timestamp;
    privateHeaders['x-signature'] = `sha256=${sign(d.secret, timestamp, payload)}`;
  }
  if (d.method === 'get') return send({ url: d.url, method: 'GET', headers, privateHeaders, query: payload }, policy, timeoutMs);
  headers['content-type'] = 'application/x-www-form-urlencoded';
  return send({ url: d.url, method: 'POST', headers, privateHeaders, body: payload }, policy, timeoutMs);
}

/**
 * Sends one request through the network policy. Redirects are followed (at most 3), each target
 * checked against the policy again. `timeoutMs` is a deadline for the whole attempt (DNS, connect,
 * headers, body, every hop), so a receiver that dribbles its answer cannot hold a slot for longer.
 */
export async function send(req: OutboundRequest, policy: NetPolicy, timeoutMs: number): Promise<AttemptOutcome> {
  const started = performance.now();
  const deadline = started + timeoutMs;
  const origin = originOf(req.url);
  let target = req.url;
  for (let hop = 0; hop <= 3; hop++) {
    const own = originOf(target) === origin;
    const res = await once(req, target, own, policy, deadline - performance.now(), timeoutMs);
    if (res.location && hop < 3) {
      target = new URL(res.location, target).toString();
      continue;
    }
    return { ...res.outcome, latencyMs: Math.round(performance.now() - started) };
  }
  return { ok: false, httpStatus: null, error: 'too many redirects', retryAfter: null, latencyMs: 0, refused: false };
}

/** scheme://host:port of a url, or null when it does not parse. */
function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return null;
  }
}

function once(
  r: OutboundRequest,
  target: string,
  own: boolean,
  policy: NetPolicy,
  remainingMs: number,
  timeoutMs: number,
): Promise<{ outcome: Omit<AttemptOutcome, 'latencyMs'>; location?: string }> {
  const fail = (error: string, refused = false) => ({
    outcome: { ok: false, httpStatus: null, error, retryAfter: null, refused },
  });
  const timedOut = `timed out after ${timeoutMs} ms`;
  if (remainingMs <= 0) return Promise.resolve(fail(timedOut));
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.resolve(fail(`invalid url: ${target}`, true));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.resolve(fail('only http and https requests are made', true));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const why = refusal(host, policy);
    if (why) return Promise.resolve(fail(why, true));
  }
  if (r.query) for (const [k, v] of new URLSearchParams(r.query)) url.searchParams.append(k, v);
  const headers: Record<string, string> = { ...r.headers, ...(own ? r.privateHeaders : {}) };
  if (r.body !== undefined) headers['content-length'] = String(Buffer.byteLength(r.body));
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (x: { outcome: Omit<AttemptOutcome, 'latencyMs'>; location?: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(x);
    };
    const req = mod.request(url, { method: r.method, headers, lookup: guardedLookup(policy) }, (res) => {
      res.resume();
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) return settle({ outcome: fail('redirect').outcome, location: res.headers.location });
        const retryAfter = status === 429 || status === 503 ? parseRetryAfter(res.headers['retry-after'], Date.now()) : null;
        settle({
          outcome: { ok: status >= 200 && status < 300, httpStatus: status, error: status >= 300 ? `HTTP ${status}` : null, retryAfter, refused: false },
        });
      });
      res.on('error', (e) => settle(fail(e.message)));
    });
    // A deadline, not an idle timeout: it fires however busy the connection is.
    const timer = setTimeout(() => {
      settle(fail(timedOut));
      req.destroy(new Error(timedOut));
    }, remainingMs);
    req.on('error', (e) => settle(fail(e.message, e instanceof Refused)));
    if (r.body !== undefined) req.write(r.body);
    req.end();
  });
}
