import { describe, expect, it } from 'vitest';
import { registerTestServer } from '../testing/ingest';
import { START, fmt, useEngine } from '../testing/engine-fixture';

const f = useEngine();
const hot = { server: { cpu: 99, memory: 1 } };
const cool = { server: { cpu: 1, memory: 1 } };

async function window(start: number, end: number, servers: number[]) {
  const r = await f.svc.request('POST', '/api/maintenance_windows/', { form: { start: fmt(start), end: fmt(end), servers } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}

describe('maintenance windows', () => {
  it('leave a Server Tag server in maintenance out of the count, whichever server reports', async () => {
    const a = await registerTestServer(f.svc, 'ma');
    const b = await registerTestServer(f.svc, 'mb');
    const tag = (await f.svc.request('POST', '/api/server_tags/', { form: { name: 't', servers: [a, b] } })).body.id;
    const id = await f.alert({ type: 'Server Tag', target_id: tag, trigger_type: 'CPU', threshold: 50, num_of_servers: 1 });
    await window(START - 600, START + 3600, [a]);
    await f.feed('ma', 1, () => hot);
    await f.feed('mb', 1, () => cool);
    await f.feed('ma', 1, () => hot, 1);
    await f.feed('mb', 1, () => cool, 1);
    expect(await f.inIncident(id)).toBe(false);
    await f.feed('mb', 1, () => hot, 2);
    expect(await f.inIncident(id)).toBe(true);
  });

  it('suppress a backfilled minute inside a past window, and not the minutes after it', async () => {
    const s = await registerTestServer(f.svc, 'past');
    const id = await f.alert({ type: 'Server', target_id: s, trigger_type: 'CPU', threshold: 50 });
    await window(START - 600, START + 120, [s]);
    await f.feed('past', 2, () => hot);
    expect(await f.inIncident(id)).toBe(false);
    await f.feed('past', 1, () => hot, 2);
    expect(await f.inIncident(id)).toBe(true);
    expect((await f.histories(id))[0]!.start).toBe(START + 120);
  });

  it('do not suppress old data while a window runs now', async () => {
    const s = await registerTestServer(f.svc, 'now');
    const id = await f.alert({ type: 'Server', target_id: s, trigger_type: 'CPU', threshold: 50 });
    await window(f.clock - 600, f.clock + 3600, [s]);
    await f.feed('now', 1, () => hot);
    expect(await f.inIncident(id)).toBe(true);
  });

  it('suppress Server Down by the clock minute', async () => {
    const s = await registerTestServer(f.svc, 'down');
    const other = await registerTestServer(f.svc, 'down2');
    const quiet = await f.alert({ type: 'Server', target_id: s, trigger_type: 'Server Down', time_above_threshold: 1 });
    const loud = await f.alert({ type: 'Server', target_id: other, trigger_type: 'Server Down', time_above_threshold: 1 });
    await window(f.clock - 600, f.clock + 3600, [s]);
    await f.feed('down', 1, () => ({}));
    await f.feed('down2', 1, () => ({}));
    f.clock += 300;
    await f.alerting.engine.checkServerDown();
    expect([await f.inIncident(quiet), await f.inIncident(loud)]).toEqual([false, true]);
  });
});

describe('recurring maintenance windows', () => {
  it('suppress an alert on a server tagged after the weekly window scoped by the tag was made', async () => {
    const s = await registerTestServer(f.svc, 'weekly');
    const other = await registerTestServer(f.svc, 'weekly-other');
    const tag = (await f.svc.request('POST', '/api/server_tags/', { form: { name: 'patch-sunday', servers: [other] } })).body.id;
    // A week before START, repeating weekly on that weekday: this week's occurrence runs START-600 .. START+3000.
    const r = await f.svc.request('POST', '/api/maintenance_windows/', {
      form: { start: fmt(START - 7 * 86_400 - 600), rrule: 'FREQ=WEEKLY', duration: 60, server_tags: [tag], time_zone: 'UTC' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const id = await f.alert({ type: 'Server', target_id: s, trigger_type: 'CPU', threshold: 50 });
    const tagged = await f.svc.request('PUT', `/api/server_tags/${tag}/`, { form: { name: 'patch-sunday', servers: [other, s] } });
    expect(tagged.status, JSON.stringify(tagged.body)).toBe(200);
    await f.feed('weekly', 2, () => hot);
    expect(await f.inIncident(id)).toBe(false);
    await f.feed('weekly', 1, () => hot, 50);
    expect(await f.inIncident(id)).toBe(true);
    expect((await f.histories(id))[0]!.start).toBe(START + 50 * 60);
  });
});
