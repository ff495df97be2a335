import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceStore } from '../store/test-store';
import { callService, createAccountCli, startServiceProcess, type ServiceProcess } from '../testing/service-process';
import { encodeWrite, promGet, remoteWrite } from '../testing/remote-write';

// Remote write across SIGKILL, as a Prometheus whose receiver's host dies would see it: many writes in
// flight, a kill at a random instant, main.ts again on the same store. Every write answered 2xx must be
// there after the restart, and a series written again after it (the new process's cache of known series
// is empty) must continue the same series, not start a second one.
const TRIALS = 4;
const IN_FLIGHT = 12;
const SERIES = 40;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dataDir = mkdtempSync(join(tmpdir(), 'fw-rw-crash-'));
let store: Awaited<ReturnType<typeof createServiceStore>>;
let service: ServiceProcess;
let auth = '';

beforeAll(async () => {
  store = await createServiceStore(dataDir);
  auth = createAccountCli(store.env, 'rw-crash@example.com');
  service = await startServiceProcess({ ...store.env, DEFAULT_ALERTS: '0' });
}, 60_000);
afterAll(async () => {
  await service?.crash();
  await store?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Request `r` of trial `t`: SERIES series of its own plus one shared by every request of the trial. */
const body = (t: number, r: number, ms: number, value: number) =>
  encodeWrite([
    ...Array.from({ length: SERIES }, (_, s) => ({ labels: { __name__: 'rw_crash', trial: String(t), req: String(r), s: String(s) }, samples: [[ms, value]] as [number, number][] })),
    { labels: { __name__: 'rw_crash_shared', trial: String(t) }, samples: [[ms + r, value]] as [number, number][] },
  ]);

describe('remote write across SIGKILL', () => {
  it(`keeps every acknowledged write over ${TRIALS} kills at random instants, and continues its series after`, async () => {
    const minute = Math.floor(Date.now() / 60_000) * 60 - 600;
    for (let t = 0; t < TRIALS; t++) {
      const acked: number[] = [];
      let next = 0;
      let killed = false;
      const writer = async () => {
        while (!killed) {
          const r = next++;
          const res = await remoteWrite(service.base, auth, body(t, r, minute * 1000, r)).catch(() => null);
          if (res && res.status >= 200 && res.status < 300) acked.push(r);
          // Back-pressure (429 with Retry-After) is an answer a sender retries: not acknowledged.
          else if (res?.status === 429) await sleep(20);
          else if (res && !killed) expect.fail(`write ${r} of trial ${t} answered ${res.status}: ${JSON.stringify(res.body)}`);
        }
      };
      const writers = Array.from({ length: IN_FLIGHT }, writer);
      await sleep(300 + Math.random() * 900);
      killed = true;
      await service.crash();
      await Promise.all(writers);
      service = await startServiceProcess({ ...store.env, DEFAULT_ALERTS: '0' });
      expect(acked.length, `trial ${t}: some writes were acknowledged before the kill`).toBeGreaterThan(0);

      const found = await promGet(service.base, auth, '/series', { 'match[]': `rw_crash{trial="${t}"}`, start: minute - 60, end: minute + 120 });
      expect(found.status).toBe(200);
      const seen = new Set((found.body.data as { req: string; s: string }[]).map((x) => `${x.req}/${x.s}`));
      const missing = acked.flatMap((r) => Array.from({ length: SERIES }, (_, s) => `${r}/${s}`)).filter((k) => !seen.has(k));
      expect(missing, `trial ${t}: acknowledged series lost (of ${acked.length} writes)`).toEqual([]);

      // The next minute, written to the restarted process: the same series go on (one series each, two points).
      const again = acked.slice(0, 3);
      for (const r of again) expect((await remoteWrite(service.base, auth, body(t, r, (minute + 60) * 1000, r + 0.5))).status).toBeLessThan(300);
      for (const r of again) {
        const range = await promGet(service.base, auth, '/query_range', { query: `rw_crash{trial="${t}",req="${r}",s="0"}`, start: minute, end: minute + 60, step: 60 });
        expect(range.status).toBe(200);
        const result = range.body.data.result as { values: [number, string][] }[];
        expect(result.map((x) => x.values.map(([, v]) => Number(v))), `trial ${t}, write ${r}`).toEqual([[r, r + 0.5]]);
      }
      const shared = await promGet(service.base, auth, '/query_range', { query: `rw_crash_shared{trial="${t}"}`, start: minute, end: minute + 60, step: 60 });
      expect(shared.body.data.result, `trial ${t}: the shared series is one series`).toHaveLength(1);
    }
    const health = await callService(service.base, auth, 'GET', '/healthz');
    expect(health.status).toBe(200);
  }, 240_000);
});
