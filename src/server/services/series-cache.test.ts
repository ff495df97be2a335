import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeWriteRequest } from '../ingest/remote-write';
import type { KnownSeriesWrite } from '../store/repos/labelled-series';
import { openTestStore, type TestStore } from '../store/test-store';
import type { Store } from '../store/store';
import { encodeWrite, minuteFolds } from '../testing/remote-write';
import { createAccount } from './accounts';
import { DEFAULT_SERIES_LIMITS, writeSeries } from './labelled-series';
import { SeriesCache } from './series-cache';

// The series cache as the remote-write route uses it: decode with `reader`, write with writeSeries,
// over the real store (its write recorded on the way through).

let dir: string;
let ts: TestStore;
let store: Store;
let account: number;
let other: number;
const knownWrites: KnownSeriesWrite[][] = [];
const now = Math.floor(Date.now() / 1000);
const sec = Math.floor(now / 60) * 60 - 60;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mon-series-cache-'));
  ts = await openTestStore(dir);
  const labelled = ts.store.labelledSeries;
  store = { ...ts.store, labelledSeries: { ...labelled, write: (a, s, max, at, known) => (knownWrites.push([...(known ?? [])]), labelled.write(a, s, max, at, known)) } };
  const make = async (email: string) => {
    await createAccount(ts.store, email);
    return (await ts.store.accounts.findByEmail(email))!.id;
  };
  [account, other] = [await make('cache@example.com'), await make('cache-other@example.com')];
});
afterAll(async () => {
  await ts.close();
  rmSync(dir, { recursive: true, force: true });
});

const write = async (cache: SeriesCache, accountId: number, body: Uint8Array) =>
  writeSeries(store, accountId, decodeWriteRequest(body, cache.reader(accountId)), DEFAULT_SERIES_LIMITS, now, cache);
const minutes = (name: string) => minuteFolds(store, account, name);

/** One series of one sample, its labels written with each Label's fields in reverse order (value, then name): other bytes, same series. */
function reversedWrite(labels: Record<string, string>, ms: number, value: number): Buffer {
  const field = (tag: number, b: Buffer) => Buffer.concat([Buffer.from([tag, b.length]), b]);
  const fields = Object.entries(labels).map(([n, v]) => field(0x0a, Buffer.concat([field(0x12, Buffer.from(v)), field(0x0a, Buffer.from(n))])));
  const t: number[] = [];
  for (let x = ms; x > 0; x = Math.floor(x / 128)) t.push(x >= 128 ? (x % 128) | 128 : x);
  const sample = Buffer.concat([Buffer.from([0x09]), Buffer.from(new Float64Array([value]).buffer), Buffer.from([0x10, ...t])]);
  return field(0x0a, Buffer.concat([...fields, field(0x12, sample)]));
}
const snappyOf = (raw: Buffer) => {
  // A snappy block of literals only (what any decoder reads).
  const chunks: Buffer[] = [];
  for (let at = 0; at < raw.length; at += 60) chunks.push(Buffer.from([(Math.min(60, raw.length - at) - 1) << 2]), raw.subarray(at, at + 60));
  const len: number[] = [];
  for (let n = raw.length; ; n = Math.floor(n / 128)) {
    len.push(n >= 128 ? (n % 128) | 128 : n);
    if (n < 128) break;
  }
  return Buffer.concat([Buffer.from(len), ...chunks]);
};

describe('SeriesCache with writeSeries', () => {
  it('writes a label set known under two keys (two encodings) in one request as one known series', async () => {
    const cache = new SeriesCache();
    const labels = { __name__: 'twice_known', job: 'x' };
    expect(await write(cache, account, encodeWrite([{ labels, samples: [[sec * 1000 + 1000, 1]] }]))).toBe(1);
    expect(await write(cache, account, snappyOf(reversedWrite(labels, sec * 1000 + 2000, 2)))).toBe(1);
    knownWrites.length = 0;
    const both = Buffer.concat([Buffer.from(reversedWrite(labels, sec * 1000 + 3000, 4)), reversedWrite(labels, sec * 1000 + 4000, 8)]);
    const plain = encodeWrite([{ labels, samples: [[sec * 1000 + 5000, 16]] }]);
    const { uncompress } = await import('snappyjs');
    expect(await write(cache, account, snappyOf(Buffer.concat([Buffer.from(uncompress(plain)), both])))).toBe(3);
    // Both keys known: one entry with its three samples.
    expect(knownWrites).toHaveLength(1);
    expect(knownWrites[0]).toHaveLength(1);
    expect(knownWrites[0]![0]!.ms).toEqual([sec * 1000 + 5000, sec * 1000 + 3000, sec * 1000 + 4000]);
    expect(knownWrites[0]![0]!.values).toEqual([16, 4, 8]);
    expect(await minutes('twice_known')).toEqual([{ count: 5, sum: 31 }]);
  });

  it('knows series in the order sent, by hash when the order changes, never a forgotten one, never another account\'s', async () => {
    const cache = new SeriesCache();
    const series = ['a', 'b', 'c'].map((n) => ({ labels: { __name__: 'ordered', n }, samples: [[sec * 1000, 1]] as [number, number][] }));
    await write(cache, account, encodeWrite(series));
    const reread = (order: number[], accountId = account) =>
      decodeWriteRequest(encodeWrite(order.map((i) => series[i]!)), cache.reader(accountId)).map((s) => s.hit?.id ?? null);
    const ids = reread([0, 1, 2]);
    expect(ids.every((id) => id !== null)).toBe(true);
    expect(new Set(ids).size).toBe(3);
    expect(reread([2, 0, 1])).toEqual([ids[2], ids[0], ids[1]]);
    expect(reread([0, 1, 2], other)).toEqual([null, null, null]);
    // b forgotten (gone): after a, b is not answered from what followed a last time.
    const b = decodeWriteRequest(encodeWrite([series[1]!]), cache.reader(account))[0]!;
    cache.forget(account, b.hit!);
    expect(reread([0, 1, 2])).toEqual([ids[0], null, ids[2]]);
  });

  it('links the new series of a request in the order sent, so the next request follows them without a hash', async () => {
    const cache = new SeriesCache();
    const series = ['x', 'y', 'z'].map((n) => ({ labels: { __name__: 'linked', n }, samples: [[sec * 1000, 1]] as [number, number][] }));
    await write(cache, account, encodeWrite(series));
    // Each looked up alone (a look-up after another would link them itself).
    const [x, y, z] = decodeWriteRequest(encodeWrite(series), () => undefined).map((s) => cache.get(account, s.key, s.keyStart, s.keyEnd)!);
    expect(x!.next).toBe(y);
    expect(y!.next).toBe(z);
    // A forgotten entry learns nothing more.
    cache.forget(account, z!);
    cache.set(account, { hash: 1, key: Buffer.from('k'), keyStart: 0, keyEnd: 1 }, { id: 999_999, fingerprint: 'f', name: 'linked' }, now, z);
    expect(z!.next).toBeUndefined();
  });
});
