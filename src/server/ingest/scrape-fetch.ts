import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup } from '../alerting/deliver';
import { refusal, type NetPolicy } from '../alerting/net-policy';

export interface FetchLimits {
  /** Milliseconds for the whole request, connect to last byte. */
  timeoutMs: number;
  /** Largest body read, in bytes; a longer one fails the scrape. */
  maxBytes: number;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = { timeoutMs: 10_000, maxBytes: 16 * 1024 * 1024 };

/** The body, and the address answered from (the server's location_ip, as a collector's upload address). */
export type FetchResult = { ok: true; body: string; address: string } | { ok: false; error: string };

/**
 * GETs a scrape target's exposition through the network policy: an IP in the URL is checked before
 * connecting, a host name at connect time for every address it resolves to (so DNS cannot move a
 * target onto loopback or metadata after it was saved). Redirects are not followed: a 3xx is a failure.
 */
export function fetchExposition(target: string, policy: NetPolicy, limits: FetchLimits = DEFAULT_FETCH_LIMITS): Promise<FetchResult> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.resolve({ ok: false, error: `invalid url: ${target}` });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.resolve({ ok: false, error: 'only http and https targets are scraped' });
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const why = refusal(host, policy);
    if (why) return Promise.resolve({ ok: false, error: `refused by the network policy: ${why}` });
  }
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (r: FetchResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(r);
    };
    const timer = setTimeout(() => settle({ ok: false, error: `timed out after ${limits.timeoutMs} ms` }), limits.timeoutMs);
    const req = mod.get(
      url,
      { headers: { accept: 'text/plain;version=0.0.4;q=1,*/*;q=0.1', 'user-agent': 'Fleetwatch-scraper' }, lookup: guardedLookup(policy) },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status !== 200) {
          res.resume();
          return settle({ ok: false, error: `HTTP ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}` });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > limits.maxBytes) return settle({ ok: false, error: `the body exceeds ${limits.maxBytes} bytes` });
          chunks.push(c);
        });
        res.on('end', () => settle({ ok: true, body: Buffer.concat(chunks).toString('utf8'), address: res.socket?.remoteAddress ?? host }));
        res.on('error', (err) => settle({ ok: false, error: err.message }));
      },
    );
    req.on('error', (err) => settle({ ok: false, error: err.message.startsWith('address') ? `refused by the network policy: ${err.message}` : err.message }));
  });
}
