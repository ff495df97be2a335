import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { batchFor, postBatch, registerTestServer, type BatchInput } from '../testing/ingest';
import { receiver } from '../testing/receiver';
import { until } from '../testing/until';
import { startAlerting } from './start';

let svc: TestService;
let alerting: ReturnType<typeof startAlerting>;
let clock: number;
let owner: number;
const START = Math.floor(Date.now() / 60_000) * 60 - 3 * 3600; // three hours ago, on a minute

async function boot(opts: { defaultAlerts?: boolean } = {}) {
  clock = Math.floor(Date.now() / 1000);
  svc = await startTestService({ defaultAlerts: opts.defaultAlerts ?? false }, () => clock);
  alerting = startAlerting(svc.deps, {
    allowNets: '127.0.0.0/8',
    dispatcher: { baseDelayMs: 100, tickMs: 50, timeoutMs: 2000 },
  });
  owner = (await svc.request('GET', '/api/users/')).body.data.find((u: { is_account_owner: boolean }) => u.is_account_owner).id;
}
afterEach(async () => {
  await alerting.stop();
  await svc.close();
});

async function alert(form: Record<string, unknown>) {
  const r = await svc.request('POST', '/api/alerts/', { form: { name: 'a', users: [owner], ...form } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as number;
}

/** Sends one batch per minute from START, each shaped by `at(i)`, and waits until the engine saw them. */
async function feed(guid: string, minutes: number, at: (i: number) => Partial<BatchInput>, from = 0) {
  for (let i = from; i < from + minutes; i++) {
    const r = await postBatch(svc, batchFor(guid, START + i * 60, at(i)));
    expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
  }
  await alerting.idle();
}

const get = async (id: number) => (await svc.request('GET', `/api/alerts/${id}/`)).body;
const histories = async (id: number) => (await svc.request('GET', `/api/alert_histories/?filter=[${id}]&start=0`)).body.data;

describe('alert engine', () => {
  beforeEach(() => boot());

  it('triggers after time_above_threshold minutes, calls back, saves the message, and resolves', async () => {
    const rx = await receiver();
    const server = await registerTestServer(svc, 'g1');
    const id = await alert({ type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 80, time_above_threshold: 3 });
    const put = await svc.request('PUT', `/api/alerts/${id}/`, { form: { subscribers: [`http://127.0.0.1:${rx.port}/cb`] } });
    expect(put.status).toBe(200);

    await feed('g1', 2, () => ({ server: { cpu: 95, memory: 1 } }));
    expect((await get(id)).in_incident).toBe(false);
    await feed('g1', 1, () => ({ server: { cpu: 95, memory: 1 } }), 2);
    const fired = await get(id);
    expect(fired.in_incident).toBe(true);
    expect(fired.last_triggered).toBe(START + 120);
    const [h] = await histories(id);
    expect(h).toMatchObject({ alert_id: id, start: START + 120, end: null });
    const msg = (await svc.request('GET', `/api/alert_histories/${h.id}/message/`)).body;
    expect(JSON.parse(msg.json)).toMatchObject({ alert_type: 'Server', subject: h.subject });
    expect(msg.text).toContain('CPU');
    await until(() => rx.hits.length === 1);
    expect(rx.hits[0]!.url).toBe(`/cb?alert_id=${id}&alert_history_id=${h.id}&status=TRIGGERED`);

    await feed('g1', 1, () => ({ server: { cpu: 10, memory: 1 } }), 3);
    expect((await get(id)).in_incident).toBe(false);
    expect((await histories(id))[0].end).toBe(START + 180);
    await until(() => rx.hits.length === 2);
    expect(rx.hits[1]!.url).toContain('status=RESOLVED');
    await rx.close();
  });

  it('notifies again every interval minutes while the incident lasts', async () => {
    const server = await registerTestServer(svc, 'g2');
    const id = await alert({ type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50, interval: 5 });
    await feed('g2', 12, () => ({ server: { cpu: 90, memory: 1 } }));
    const sent = (await svc.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM notifications WHERE alert_id = ?', id))!;
    expect(sent.n).toBe(3); // minutes 0, 5 and 10
  });

  it('never fires an inactive alert', async () => {
    const server = await registerTestServer(svc, 'g3');
    const id = await alert({ type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50, active: 'false' });
    await feed('g3', 3, () => ({ server: { cpu: 99, memory: 1 } }));
    expect((await get(id)).in_incident).toBe(false);
    expect(await histories(id)).toEqual([]);
  });

  it('stays quiet while a maintenance window covers the server', async () => {
    const server = await registerTestServer(svc, 'g4');
    const id = await alert({ type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50 });
    const fmt = (t: number) => new Date(t * 1000).toISOString().slice(0, 16).replace('T', ' ');
    // Maintenance is decided by the data's minute: this window covers the minutes fed.
    const mw = await svc.request('POST', '/api/maintenance_windows/', { form: { start: fmt(START - 600), end: fmt(START + 3600), servers: [server] } });
    expect(mw.status).toBe(201);
    await feed('g4', 3, () => ({ server: { cpu: 99, memory: 1 } }));
    expect((await get(id)).in_incident).toBe(false);
  });

  it('fires an out-of-band alert on a spike and not on a steady series', async () => {
    const server = await registerTestServer(svc, 'g5');
    const id = await alert({ type: 'Server', target_id: server, trigger_type: 'CPU', threshold_type: 'out of band', band_value: 3, direction: 'above' });
    await feed('g5', 60, (i) => ({ server: { cpu: 40 + (i % 5), memory: 1 } }));
    expect((await get(id)).in_incident).toBe(false);
    await feed('g5', 1, () => ({ server: { cpu: 97, memory: 1 } }), 60);
    expect((await get(id)).in_incident).toBe(true);
  });

  it.each([
    ['Memory', { trigger_type: 'Memory', threshold: 90 }, { server: { cpu: 1, memory: 0.95 * 8 * 1024 ** 3 } }],
    ['Disk by part', { trigger_type: 'Disk', threshold: 80.5, part_name: '/data' }, { server: { cpu: 1, memory: 1, disk_percent_part: { '/': 10, '/data': 91 } } }],
    ['Processes', { trigger_type: 'Processes', threshold: 100 }, { server: { cpu: 1, memory: 1, process_num: 250 } }],
    ['Page Faults', { trigger_type: 'Page Faults', threshold: 1000 }, { server: { cpu: 1, memory: 1, page_faults: 5000 } }],
  ])('fires and resolves a Server %s alert', async (_name, form, breach) => {
    const server = await registerTestServer(svc, 'g6');
    const id = await alert({ type: 'Server', target_id: server, ...form });
    await feed('g6', 1, () => breach as Partial<BatchInput>);
    expect((await get(id)).in_incident).toBe(true);
    await feed('g6', 1, () => ({ server: { cpu: 1, memory: 1, disk_percent_part: { '/data': 1 }, process_num: 1, page_faults: 1 } }), 1);
    expect((await get(id)).in_incident).toBe(false);
  });

  it('fires a Process alert on its metric and on termination', async () => {
    const server = await registerTestServer(svc, 'g7');
    const proc = { pid: 77, create_time: START - 100, name: 'nginx', args: '-g daemon off;', cpu: 95 };
    await feed('g7', 1, () => ({ processes: [proc] }));
    const target = `${server},77,${START - 100},nginx`;
    const cpu = await alert({ type: 'Process', target_id: target, trigger_type: 'CPU', threshold: 50 });
    const gone = await alert({ type: 'Process', target_id: target, trigger_type: 'Process Termination' });
    await feed('g7', 1, () => ({ processes: [proc] }), 1);
    expect((await get(cpu)).in_incident).toBe(true);
    expect((await get(gone)).in_incident).toBe(false);
    await feed('g7', 1, () => ({ processes: [] }), 2);
    expect((await get(gone)).in_incident).toBe(true);
  });

  it('reads a backdated minute that ended before the process started as saying nothing about its termination', async () => {
    const server = await registerTestServer(svc, 'g7b');
    const proc = { pid: 78, create_time: START + 3 * 60 + 30, name: 'worker', args: 'node index.js', cpu: 1 };
    await feed('g7b', 1, () => ({ processes: [proc] }), 3); // the minute it started in
    const gone = await alert({ type: 'Process', target_id: `${server},78,${START + 3 * 60 + 30},worker`, trigger_type: 'Process Termination' });
    // A collector catching up sends older minutes: the process was not there yet, which is no termination.
    await feed('g7b', 3, () => ({ processes: [] }), 0);
    expect((await get(gone)).in_incident).toBe(false);
    await feed('g7b', 1, () => ({ processes: [] }), 4);
    expect((await get(gone)).in_incident).toBe(true);
  });

  it('fires Log alerts on counts and on content', async () => {
    const server = await registerTestServer(svc, 'g8');
    const log = await svc.request('POST', '/api/logs/', { form: { server, type: 'FILE', source: '/var/log/app.log' } });
    const logId = log.body.id as number;
    const crit = await alert({ type: 'Log', target_id: logId, trigger_type: 'Number of Critical', threshold: 2 });
    const content = await alert({ type: 'Log', target_id: logId, trigger_type: 'Log Content', reg_exp: 'out of memory' });
    const messages = ['disk ok', 'java.lang.Error: out of memory', 'fatal', 'fatal'].map((data, i) => ({
      time: START + 60 + i,
      severity: i === 0 ? ('info' as const) : ('critical' as const),
      data,
    }));
    await feed('g8', 1, () => ({ logs: [{ log_id: logId, messages }] }), 1);
    expect((await get(crit)).in_incident).toBe(true);
    expect((await get(content)).in_incident).toBe(true);
    await feed('g8', 1, () => ({ logs: [] }), 2);
    expect((await get(crit)).in_incident).toBe(false);
  });

  it('fires a Polled Data alert on WARNING or CRITICAL', async () => {
    const server = await registerTestServer(svc, 'g9');
    const polled = (status: 'OK' | 'WARNING' | 'CRITICAL') => ({
      polled: [{ name: 'load', command_name: 'check_load', command_line: 'check_load -w 1 -c 2', time: START, status, text: `LOAD ${status}`, values: [] }],
    });
    await feed('g9', 1, () => polled('OK'));
    const item = (await svc.request('GET', '/api/polled-data/')).body.data.find((p: { server_id: number }) => p.server_id === server);
    const id = await alert({ type: 'Polled Data', target_id: item.id, trigger_type: 'Nagios' });
    await feed('g9', 1, () => polled('CRITICAL'), 1);
    expect((await get(id)).in_incident).toBe(true);
    await feed('g9', 1, () => polled('OK'), 2);
    expect((await get(id)).in_incident).toBe(false);
  });

  it('fires a Server Tag alert only when num_of_servers of its servers meet the condition', async () => {
    const a = await registerTestServer(svc, 'ta');
    const b = await registerTestServer(svc, 'tb');
    const tag = (await svc.request('POST', '/api/server_tags/', { form: { name: 'web', servers: [a, b] } })).body.id;
    const id = await alert({ type: 'Server Tag', target_id: tag, trigger_type: 'CPU', threshold: 50, num_of_servers: 2 });
    await feed('ta', 1, () => ({ server: { cpu: 90, memory: 1 } }));
    await feed('tb', 1, () => ({ server: { cpu: 10, memory: 1 } }));
    expect((await get(id)).in_incident).toBe(false);
    await feed('ta', 1, () => ({ server: { cpu: 90, memory: 1 } }), 1);
    await feed('tb', 1, () => ({ server: { cpu: 90, memory: 1 } }), 1);
    expect((await get(id)).in_incident).toBe(true);
  });

  it('fires Server Down when uploads stop and resolves when they resume', async () => {
    const server = await registerTestServer(svc, 'gd');
    const id = await alert({ type: 'Server', target_id: server, trigger_type: 'Server Down', time_above_threshold: 2 });
    await feed('gd', 1, () => ({}));
    clock += 150;
    await alerting.engine.checkServerDown();
    expect((await get(id)).in_incident).toBe(false);
    clock += 120;
    await alerting.engine.checkServerDown();
    expect((await get(id)).in_incident).toBe(true);
    await feed('gd', 1, () => ({}), 1);
    expect((await get(id)).in_incident).toBe(false);
  });
});

describe('default alerts', () => {
  beforeEach(() => boot({ defaultAlerts: true }));
  it('gives a newly registered server four alerts notifying the owner', async () => {
    const server = await registerTestServer(svc, 'new');
    await alerting.idle();
    const list = (await svc.request('GET', `/api/alerts/?filter_name=server_id&filter_id=${server}`)).body.data;
    expect(list.map((a: { trigger_type: string }) => a.trigger_type).sort()).toEqual(['CPU', 'Disk', 'Memory', 'Server Down']);
    expect(list.every((a: { users: { id: number }[] }) => a.users[0]!.id === owner)).toBe(true);
  });
});
