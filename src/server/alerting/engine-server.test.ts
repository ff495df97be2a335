import { describe, expect, it } from 'vitest';
import type { BatchInput } from '../testing/ingest';
import { registerTestServer } from '../testing/ingest';
import { useEngine } from '../testing/engine-fixture';

const f = useEngine();
const sample = (over: Record<string, unknown>): Partial<BatchInput> => ({ server: { cpu: 1, memory: 1, ...over } });

describe('Server triggers', () => {
  it.each([
    ['Average Response Time', { trigger_type: 'Average Response Time', threshold: 500 }, { avg_response_time: 900 }, { avg_response_time: 20 }],
    ['Disk Busy by part', { trigger_type: 'Disk Busy', threshold: 80, part_name: 'sda' }, { disk_busy: { sda: 95, sdb: 1 } }, { disk_busy: { sda: 5, sdb: 99 } }],
    ['Threads', { trigger_type: 'Threads', threshold: 1000 }, { thread_num: 4000 }, { thread_num: 300 }],
    ['Disk MAX', { trigger_type: 'Disk', threshold: 90, part_name: 'MAX' }, { disk_percent_part: { '/': 10, '/var': 97 } }, { disk_percent_part: { '/': 10, '/var': 50 } }],
  ])('fires and resolves %s', async (_name, form, breach, clear) => {
    const s = await registerTestServer(f.svc, 'st');
    const id = await f.alert({ type: 'Server', target_id: s, ...form });
    await f.feed('st', 1, () => sample(breach));
    expect(await f.inIncident(id)).toBe(true);
    await f.feed('st', 1, () => sample(clear), 1);
    expect(await f.inIncident(id)).toBe(false);
  });

  it('gives a named partition missing from the record no value, not the server-wide disk_percent', async () => {
    const s = await registerTestServer(f.svc, 'dp');
    const id = await f.alert({ type: 'Server', target_id: s, trigger_type: 'Disk', threshold: 80, part_name: '/data' });
    await f.feed('dp', 2, () => sample({ disk_percent: 95, disk_percent_part: { '/': 95 } }));
    expect(await f.inIncident(id)).toBe(false);
    await f.feed('dp', 1, () => sample({ disk_percent: 50, disk_percent_part: { '/': 10, '/data': 91 } }), 2);
    expect(await f.inIncident(id)).toBe(true);
  });

  it('fires below a threshold and an out-of-band alert below its band', async () => {
    const s = await registerTestServer(f.svc, 'lo');
    const below = await f.alert({ type: 'Server', target_id: s, trigger_type: 'CPU', threshold: 5, direction: 'below' });
    const band = await f.alert({ type: 'Server', target_id: s, trigger_type: 'CPU', threshold_type: 'out of band', band_value: 3, direction: 'below' });
    await f.feed('lo', 60, (i) => sample({ cpu: 40 + (i % 5) }));
    expect([await f.inIncident(below), await f.inIncident(band)]).toEqual([false, false]);
    // A spike upwards is not below the band.
    await f.feed('lo', 1, () => sample({ cpu: 99 }), 60);
    expect(await f.inIncident(band)).toBe(false);
    await f.feed('lo', 1, () => sample({ cpu: 20 }), 61);
    expect([await f.inIncident(below), await f.inIncident(band)]).toEqual([false, true]);
  });

  it('fires Server Down for a server that registered and never uploaded, counting from its registration', async () => {
    const s = await registerTestServer(f.svc, 'silent');
    const id = await f.alert({ type: 'Server', target_id: s, trigger_type: 'Server Down', time_above_threshold: 1 });
    await f.alerting.engine.checkServerDown();
    expect(await f.inIncident(id)).toBe(false);
    f.clock += 300;
    await f.alerting.engine.checkServerDown();
    expect(await f.inIncident(id)).toBe(true);
  });

  it('fires Server Tag Server Down when num_of_servers of the tag are down, and resolves', async () => {
    const a = await registerTestServer(f.svc, 'da');
    const b = await registerTestServer(f.svc, 'db');
    const tag = (await f.svc.request('POST', '/api/server_tags/', { form: { name: 'web', servers: [a, b] } })).body.id;
    const id = await f.alert({ type: 'Server Tag', target_id: tag, trigger_type: 'Server Down', num_of_servers: 2, time_above_threshold: 1 });
    await f.feed('da', 1, () => ({}));
    await f.feed('db', 1, () => ({}));
    f.clock += 300;
    // Only a is down: b uploads (last seen by the clock).
    await f.feed('db', 1, () => ({}), 1);
    await f.alerting.engine.checkServerDown();
    expect(await f.inIncident(id)).toBe(false);
    f.clock += 300;
    await f.alerting.engine.checkServerDown();
    expect(await f.inIncident(id)).toBe(true);
    await f.feed('da', 1, () => ({}), 1);
    expect(await f.inIncident(id)).toBe(false);
  });
});
