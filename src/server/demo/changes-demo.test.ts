import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeItem } from '../../shared/changes';
import { startTestService, type TestService } from '../testing/harness';
import { postBatch } from '../testing/ingest';
import { buildFleet, registrationOf } from './fleet';
import { generateBatch } from './generate';
import { activeIncident, incidentTarget } from './incidents';

// The demo fleet as `npm run demo` builds it (25 servers, seed 1), and one of its CPU incidents on
// app-02 that covers 14:00 (it starts at 13:45 on 2026-11-12; on the 7 days before, 14:00 is quiet).
const fleet = buildFleet(25, 1);
const app02 = incidentTarget(fleet, 'cpu_spike')!;
const T = Date.UTC(2026, 10, 12, 14, 0) / 1000;
const DAY = 86_400;

let svc: TestService;
let sid: number;

beforeAll(async () => {
  svc = await startTestService({}, () => T + 120);
  const reg = await svc.request('POST', '/api/v5/collector/register', { json: registrationOf(app02, fleet.seed) });
  sid = reg.body.server_id;
  // What the demo's 7-day backfill stores for the minutes "what changed" reads: the hour up to 14:00
  // and 14:00 on each of the 7 days before.
  const minutes = [...Array.from({ length: 61 }, (_, i) => T - 3600 + i * 60), ...[1, 2, 3, 4, 5, 6, 7].map((d) => T - d * DAY)];
  for (const m of minutes) {
    const r = await postBatch(svc, generateBatch(fleet, app02, m));
    expect(r.status, `minute ${m}`).toBe(201);
  }
}, 60_000);
afterAll(() => svc.close());

describe("what changed at the demo's CPU incident on app-02", () => {
  it('is the incident minute the test means: app-02, spike on at 14:00, off on the days before', () => {
    expect(app02.hostname).toBe('app-02');
    expect(activeIncident(fleet, 'cpu_spike', app02, T)).not.toBeNull();
    for (let d = 1; d <= 7; d++) expect(activeIncident(fleet, 'cpu_spike', app02, T - d * DAY)).toBeNull();
  });

  it('ranks java first, with the CPU points it took and its share of the server change', async () => {
    const r = await svc.request('GET', `/api/v5/servers/${sid}/changes/?time=${T}`);
    expect(r.status).toBe(200);
    const items = r.body.items as ChangeItem[];
    expect(items[0]).toMatchObject({ kind: 'process', field: 'cpu', name: 'java', unusual: true });
    const java = items[0]!;
    expect(java.change).toBeGreaterThan(30);
    expect(java.share).toBeGreaterThan(0.5);
    expect(java.server_change).toBeGreaterThan(java.change);
    // Impact, not the z-score, orders the list: no process series below java moved more CPU points.
    const cpu = items.filter((i) => i.kind === 'process' && i.field === 'cpu');
    for (const other of cpu.slice(1)) expect(Math.abs(other.change)).toBeLessThan(java.change);
    const impacts = items.map((i) => i.impact);
    expect(impacts).toEqual([...impacts].sort((a, b) => b - a));
  });

  it('ranks a process whose CPU barely moved (0.0 to 0.1 %) nowhere near the top', async () => {
    const r = await svc.request('GET', `/api/v5/servers/${sid}/changes/?time=${T}&limit=100`);
    const items = r.body.items as ChangeItem[];
    const tiny = items.findIndex((i) => i.kind === 'process' && i.field === 'cpu' && Math.abs(i.change) <= 0.2);
    expect(tiny).toBeGreaterThan(items.findIndex((i) => i.name === 'java'));
    expect(items.slice(0, 3).some((i) => i.kind === 'process' && i.field === 'cpu' && Math.abs(i.change) <= 0.2)).toBe(false);
  });
});
