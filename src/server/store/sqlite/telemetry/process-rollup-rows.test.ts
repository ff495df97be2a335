import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../testing/harness';
import { batchFor, postBatch, registerTestServer } from '../../../testing/ingest';

// Hours H (closed by a later minute), H+1 (closed, then a late minute), H+2 (open); a day boundary D.
const D = 1_700_006_400; // a day boundary (multiple of 86400)
const H = D + 3600;
const proc = { pid: 7, create_time: 70, name: 'worker', args: null };
let svc: TestService;
let sid: number;
const sent: { minute: number; cpu: number }[] = [];

const avg = (xs: number[]) => Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 1000) / 1000;
const cpusIn = (from: number, to: number) => sent.filter((x) => x.minute >= from && x.minute < to).map((x) => x.cpu);

beforeAll(async () => {
  svc = await startTestService({}, () => H + 5 * 3600);
  sid = await registerTestServer(svc, 'roll');
  const post = async (minute: number, cpu: number) => {
    expect((await postBatch(svc, batchFor('roll', minute, { processes: [{ ...proc, cpu }] } as never))).status).toBe(201);
    sent.push({ minute, cpu });
  };
  for (let k = 0; k < 5; k++) await post(H + k * 60, 10 + k); // hour H, in order
  await post(H + 3600 + 120, 41); // opens H+1, closes H
  await post(H + 3600 + 60, 43); // late but in the open hour
  await post(H + 7200, 1); // opens H+2, closes H+1
  await post(H + 600, 33); // late minute into closed hour H
  await post(H + 3600, 3.3333); // late minute into closed hour H+1
  await post(H + 7200 + 300, 2); // open hour H+2
});
afterAll(() => svc.close());

const series = async (q: string) =>
  (await svc.request('GET', `/api/v5/processes/${sid}_7_70/data/?${q}`)).body.data.map((d: { time: number; cpu: number }) => [d.time, d.cpu]);

describe('process rollups kept at hour close', () => {
  it('averages every minute of closed, late-filled and open hours exactly once', async () => {
    expect(await series(`time_step=Hour&start=${H}&end=${H + 7200}`)).toEqual([
      [H + 7200, avg(cpusIn(H + 7200, H + 10800))],
      [H + 3600, avg(cpusIn(H + 3600, H + 7200))],
      [H, avg(cpusIn(H, H + 3600))],
    ]);
  });

  it('folds closed hours, late minutes and the open hour into the day', async () => {
    expect(await series('time_step=Day')).toEqual([[D, avg(sent.map((x) => x.cpu))]]);
    const summary = await svc.request('GET', `/api/v5/servers/${sid}/processes/data/?time_step=Day`);
    expect(summary.body.data).toEqual([expect.objectContaining({ uid: `${sid}_7_70`, name: 'worker', time: D, cpu: avg(sent.map((x) => x.cpu)) })]);
  });

  it('lists the processes of a range spanning closed and open hours', async () => {
    const r = await svc.request('GET', `/api/v5/servers/${sid}/processes/?start=${H}&end=${H + 7500}`);
    expect(r.body.data.map((p: { uid: string }) => p.uid)).toEqual([`${sid}_7_70`]);
  });
});
