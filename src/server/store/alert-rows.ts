// How rows of the alert tables read, the same on both stores (SQLite parses JSON text first).
import type { AlertUserRef, SubscriberRef } from './repos/alert-engine';

/** Stored users of an alert (ids or objects, as older versions wrote them), as the engine reads them. */
export function toUserRefs(raw: unknown): AlertUserRef[] {
  return (Array.isArray(raw) ? raw : []).flatMap((u): AlertUserRef[] => {
    if (typeof u === 'number') return [{ id: u, sendemail: true, sendsms: false, pushnotification: false }];
    if (u && typeof u === 'object' && typeof (u as { id?: unknown }).id === 'number') {
      const o = u as Record<string, unknown>;
      return [{ id: o.id as number, sendemail: o.sendemail !== false, sendsms: o.sendsms === true, pushnotification: o.pushnotification === true }];
    }
    return [];
  });
}

/** Stored subscribers of an alert (urls or objects), as the engine reads them. */
export function toSubscriberRefs(raw: unknown): SubscriberRef[] {
  return (Array.isArray(raw) ? raw : []).flatMap((s): SubscriberRef[] => {
    if (typeof s === 'string') return [{ url: s, auth: null, type: 'get', event: 'BOTH', secret: null }];
    if (!s || typeof s !== 'object' || typeof (s as { url?: unknown }).url !== 'string') return [];
    const o = s as Record<string, unknown>;
    const type = String(o.type ?? 'get').toLowerCase() === 'post' ? 'post' : 'get';
    const ev = String(o.event ?? 'BOTH').toUpperCase();
    const event = ev === 'TRIGGERED' || ev === 'RESOLVED' ? ev : 'BOTH';
    return [{ url: o.url as string, auth: typeof o.auth === 'string' && o.auth ? o.auth : null, type, event, secret: typeof o.secret === 'string' && o.secret ? o.secret : null }];
  });
}

/** The out-of-band band from summed hourly statistics (count, sum, sum of squares; null when none). */
export function bandOf(r: { n: number | null; sum: number | null; sumsq: number | null }): { n: number; mean: number; sd: number } {
  const n = r.n ?? 0;
  const mean = n ? r.sum! / n : 0;
  const variance = n > 1 ? Math.max(0, (r.sumsq! - n * mean * mean) / (n - 1)) : 0;
  return { n, mean, sd: Math.sqrt(variance) };
}
