import snappy from 'snappyjs';
import type { Store } from '../store/store';
import { WRITE_REQUEST } from '../ingest/remote-write';

/** A series to send: labels (`__name__` among them, any order) and [epoch ms, value] samples. */
export interface TestSeries {
  labels: Record<string, string>;
  samples: [number, number][];
}

/** A remote-write body as Prometheus sends it: labels sorted by name, protobuf, snappy block format. */
export function encodeWrite(series: readonly TestSeries[]): Uint8Array {
  const timeseries = series.map((s) => ({
    labels: Object.entries(s.labels)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => ({ name, value })),
    samples: s.samples.map(([timestamp, value]) => ({ timestamp, value })),
  }));
  return snappy.compress(WRITE_REQUEST.encode(WRITE_REQUEST.fromObject({ timeseries })).finish());
}

export const REMOTE_WRITE_HEADERS = {
  'content-type': 'application/x-protobuf',
  'content-encoding': 'snappy',
  'x-prometheus-remote-write-version': '0.1.0',
};

export interface PeerAnswer {
  status: number;
  headers: Headers;
  // Tests read Prometheus-shaped JSON; each assertion says what it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

async function answer(res: Response): Promise<PeerAnswer> {
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as unknown) : null };
}

/** POSTs a remote-write body to /api/v1/write with `authorization` (Bearer or Basic). */
export async function remoteWrite(baseUrl: string, authorization: string, body: Uint8Array, headers: Record<string, string> = {}): Promise<PeerAnswer> {
  const res = await fetch(`${baseUrl}/api/v1/write`, { method: 'POST', headers: { ...REMOTE_WRITE_HEADERS, authorization, ...headers }, body: Buffer.from(body) });
  return answer(res);
}

/** GETs a path of the Prometheus query API (/api/v1/...) with its parameters (arrays repeat the key). */
export async function promGet(baseUrl: string, authorization: string, path: string, params: Record<string, string | number | string[]> = {}): Promise<PeerAnswer> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const one of Array.isArray(v) ? v : [v]) q.append(k, String(one));
  const res = await fetch(`${baseUrl}/api/v1${path}?${q}`, { headers: { authorization } });
  return answer(res);
}

/** The latest time a sample may carry (Date's range), for reading every sample back. */
const LAST_MS = 8.64e15;

/**
 * Each stored minute of the account's series of one name, folded from the samples kept (count, and
 * the sum of those not NaN), by minute then series: what a test counts to tell samples written once.
 */
export async function minuteFolds(store: Store, accountId: number, name: string): Promise<{ count: number; sum: number }[]> {
  const ids = (await store.labelledSeries.find(accountId, name)).map((s) => s.id);
  const folds = new Map<string, { minute: number; id: number; count: number; sum: number }>();
  for (const s of await store.labelledSeries.samples(accountId, ids, 0, LAST_MS)) {
    const minute = Math.floor(s.ms / 60_000);
    const key = `${s.seriesId}:${minute}`;
    const f = folds.get(key) ?? { minute, id: s.seriesId, count: 0, sum: 0 };
    f.count++;
    if (!Number.isNaN(s.value)) f.sum += s.value;
    folds.set(key, f);
  }
  return [...folds.values()].sort((a, b) => a.minute - b.minute || a.id - b.id).map((f) => ({ count: f.count, sum: f.sum }));
}
