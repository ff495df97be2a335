import snappy from 'snappyjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { newEvents, systemNow } from '../deps';
import { reopenTestStore } from '../store/test-store';
import { basicHeader, startTestService, type TestService } from '../testing/harness';
import { TOUCH_SECONDS } from '../services/labelled-series';
import { encodeWrite, minuteFolds, remoteWrite } from '../testing/remote-write';

// The remote-write route's cache of known series (services/series-cache.ts): a known series written
// again lands in the same series; one removed by retention is written anew, never into the series
// that took its id; two service instances on one store writing the same new series make one series.

let clock = systemNow();
let svc: TestService;
let auth: string;
const DAY = 86_400;
const KEEP = { minute: 30 * DAY, hour: 400 * DAY, day: null, batchIds: 8 * DAY };

beforeAll(async () => {
  svc = await startTestService({}, () => clock);
  auth = basicHeader(svc.account);
});
afterAll(() => svc.close());

const at = (sec: number, value: number) => [[sec * 1000 + 500, value]] as [number, number][];
const write = (base: string, labels: Record<string, string>, sec: number, value: number) => remoteWrite(base, auth, encodeWrite([{ labels, samples: at(sec, value) }]));
const minutesOf = (name: string) => minuteFolds(svc.deps.store, svc.account.id, name);
const idsNamed = async (name: string) =>
  (await svc.sql.all<{ id: number }>('SELECT id FROM labelled_series WHERE account_id = ? AND name = ?', svc.account.id, name)).map((r) => Number(r.id));
const seriesNamed = async (name: string) =>
  (await svc.sql.all<{ n: number }>('SELECT COUNT(*) AS n FROM labelled_series WHERE account_id = ? AND name = ?', svc.account.id, name))[0]!.n;
describe('remote write of known series', () => {
  it('folds a series written again (known to the cache) into the same series and minute', async () => {
    const minute = Math.floor(clock / 60) * 60 - 120;
    const a = { __name__: 'cache_a', job: 'x' };
    expect((await write(svc.baseUrl, a, minute, 2)).status).toBe(204);
    clock += 5;
    expect((await write(svc.baseUrl, a, minute + 10, 3)).status).toBe(204);
    expect(await seriesNamed('cache_a')).toBe(1);
    expect(await minutesOf('cache_a')).toEqual([{ count: 2, sum: 5 }]);
  });

  it('writes a known series\' last_updated at most once an hour (TOUCH_SECONDS), then again', async () => {
    const labels = { __name__: 'cache_touch', job: 'x' };
    const lastUpdated = async () =>
      Number((await svc.sql.all<{ t: number }>('SELECT last_updated AS t FROM labelled_series WHERE account_id = ? AND name = ?', svc.account.id, 'cache_touch'))[0]!.t);
    const at = Math.floor(clock / 60) * 60 - 600;
    expect((await write(svc.baseUrl, labels, at, 1)).status).toBe(204);
    const first = await lastUpdated();
    clock += TOUCH_SECONDS - 1;
    expect((await write(svc.baseUrl, labels, at + 60, 2)).status).toBe(204);
    expect(await lastUpdated()).toBe(first);
    clock += 2;
    expect((await write(svc.baseUrl, labels, at + 120, 3)).status).toBe(204);
    expect(await lastUpdated()).toBe(clock);
    expect((await minutesOf('cache_touch')).map((m) => m.sum)).toEqual([1, 2, 3]);
  });

  it('writes a series removed by retention anew, not into the series that took its id', async () => {
    const start = Math.floor(clock / 60) * 60;
    const gone = { __name__: 'cache_gone', job: 'x' };
    expect((await write(svc.baseUrl, gone, start - 60, 1)).status).toBe(204);
    const goneId = (await idsNamed('cache_gone'))[0];
    // Forty days on, cache_a still written: retention removes cache_gone (and its minutes).
    clock = start + 40 * DAY;
    expect((await write(svc.baseUrl, { __name__: 'cache_a', job: 'x' }, clock - 60, 1)).status).toBe(204);
    await svc.deps.store.telemetry.enforceRetention(clock, KEEP);
    expect(await seriesNamed('cache_gone')).toBe(0);
    expect(await seriesNamed('cache_a')).toBe(1);
    // A series id is never given again (samples of 64 series share a stored row, so a new series must
    // not inherit a removed one's samples): the next series gets a new id on both stores.
    const taker = { __name__: 'cache_taker', job: 'x' };
    expect((await write(svc.baseUrl, taker, clock - 60, 7)).status).toBe(204);
    expect(await idsNamed('cache_taker')).not.toContain(goneId);
    expect((await write(svc.baseUrl, gone, clock - 60, 4)).status).toBe(204);
    expect(await seriesNamed('cache_gone')).toBe(1);
    expect(await minutesOf('cache_taker')).toEqual([{ count: 1, sum: 7 }]);
    expect(await minutesOf('cache_gone')).toEqual([{ count: 1, sum: 4 }]);
    // And known again within the minute: the next sample folds into the same new series.
    expect((await write(svc.baseUrl, gone, clock - 50, 6)).status).toBe(204);
    expect(await minutesOf('cache_gone')).toEqual([{ count: 2, sum: 10 }]);
  });

  it('folds one label set sent in two encodings in one request (one known, one not) into one minute', async () => {
    const sec = Math.floor(clock / 60) * 60 - 60;
    const labels = { __name__: 'cache_twice', job: 'x' };
    expect((await write(svc.baseUrl, labels, sec, 1)).status).toBe(204);
    // The same labels with each Label's fields in reverse order (value, then name): other bytes, same series.
    const field = (tag: number, text: string) => Buffer.concat([Buffer.from([tag, Buffer.byteLength(text)]), Buffer.from(text)]);
    const len = (tag: number, b: Buffer) => Buffer.concat([Buffer.from([tag, b.length]), b]);
    const reversed = Buffer.concat(Object.entries(labels).map(([n, v]) => len(0x0a, Buffer.concat([field(0x12, v), field(0x0a, n)]))));
    const sample = Buffer.concat([Buffer.from([0x09]), Buffer.from(new Float64Array([2]).buffer)]);
    const ts = (() => {
      const t: number[] = [];
      for (let ms = (sec + 20) * 1000; ms > 0; ms = Math.floor(ms / 128)) t.push(ms >= 128 ? (ms % 128) | 128 : ms);
      return Buffer.concat([sample, Buffer.from([0x10, ...t])]);
    })();
    const variant = len(0x0a, Buffer.concat([reversed, len(0x12, ts)]));
    const known = Buffer.from(snappy.uncompress(encodeWrite([{ labels, samples: at(sec + 10, 4) }])));
    const r = await remoteWrite(svc.baseUrl, auth, snappy.compress(Buffer.concat([known, variant])));
    expect(r.status).toBe(204);
    expect(await seriesNamed('cache_twice')).toBe(1);
    expect(await minutesOf('cache_twice')).toEqual([{ count: 3, sum: 7 }]);
  });

  it('makes one series of the same new series written at once through two service instances on one store', async () => {
    const store = await reopenTestStore(svc.storeEnv);
    const app = await buildApp({ store, config: { dataDir: svc.dataDir }, now: () => clock, events: newEvents() });
    try {
      const second = await app.listen({ port: 0, host: '127.0.0.1' });
      const sec = Math.floor(clock / 60) * 60 - 60;
      const series = Array.from({ length: 50 }, (_, i) => ({ labels: { __name__: 'cache_both', n: String(i) }, samples: at(sec, 1) }));
      const body = encodeWrite(series);
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all([remoteWrite(svc.baseUrl, auth, body), remoteWrite(second, auth, body), remoteWrite(svc.baseUrl, auth, body)]);
        expect(answers.map((r) => r.status)).toEqual([204, 204, 204]);
      }
      expect(await seriesNamed('cache_both')).toBe(50);
      const counts = await minuteFolds(svc.deps.store, svc.account.id, 'cache_both');
      expect(counts.map((c) => c.count)).toEqual(Array(50).fill(9));
    } finally {
      await app.close();
      await store.close();
    }
  });
});
