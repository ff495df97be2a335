import { describe, expect, it } from 'vitest';
import { registerTestServer, type BatchInput } from '../testing/ingest';
import { useEngine } from '../testing/engine-fixture';

const f = useEngine();
const cpu = (v: number): Partial<BatchInput> => ({ server: { cpu: v, memory: 1 } });

interface History {
  id: number;
  start: number;
  end: number | null;
  subject: string;
  message: string;
  servers: { id: number; hostname: string; nickname: string; value: number | null }[];
  server_id: number | null;
}

/** Six servers tagged "app" (host-app0 .. host-app5); answers their ids and the tag's. */
async function sixTagged(): Promise<{ servers: number[]; tag: number }> {
  const servers: number[] = [];
  for (let i = 0; i < 6; i++) servers.push(await registerTestServer(f.svc, `app${i}`));
  const tag = await f.svc.request('POST', '/api/server_tags/', { form: { name: 'app', servers } });
  expect(tag.status).toBe(201);
  return { servers, tag: tag.body.id as number };
}

/** One minute of every server: cpu from `at(server index)`. */
async function minute(i: number, at: (k: number) => number): Promise<void> {
  for (let k = 0; k < 6; k++) await f.feed(`app${k}`, 1, () => cpu(at(k)), i);
}

const histories = async (id: number): Promise<History[]> => (await f.histories(id)) as unknown as History[];

describe('per_server Server Tag alerts', () => {
  it('opens one incident per breaching server, each naming its server, and closes each on its own', async () => {
    const { servers, tag } = await sixTagged();
    const id = await f.alert({ name: 'CPU over 90%', type: 'Server Tag', target_id: tag, trigger_type: 'CPU', threshold: 90, time_above_threshold: 1, per_server: true });
    // app2 and app5 breach; the other four sit at 45 %.
    await minute(0, (k) => (k === 2 ? 95 : k === 5 ? 97 : 45));
    let hs = await histories(id);
    expect(hs).toHaveLength(2);
    const byServer = new Map(hs.map((h) => [h.server_id, h]));
    expect([...byServer.keys()].sort()).toEqual([servers[2], servers[5]].sort());
    for (const [k, value] of [[2, 95], [5, 97]] as const) {
      const h = byServer.get(servers[k]!)!;
      expect(h.end).toBeNull();
      expect(h.subject).toContain(`host-app${k}`);
      expect(h.servers).toEqual([{ id: servers[k], hostname: `host-app${k}`, nickname: '', value }]);
      const m = (await f.svc.request('GET', h.message)).body;
      expect(m.text).toContain(`CPU above 90% on host-app${k} in tag app (6 servers)`);
      expect(m.sms).toContain(`host-app${k}`);
    }
    expect(byServer.get(servers[2]!)!.subject).not.toContain('host-app5');
    expect(await f.inIncident(id)).toBe(true);
    // Each notified the owner on its own.
    const mails = (await f.svc.deps.store.outbox.notifications(f.svc.account.id, id, { limit: 100, page: 0 })).items;
    expect(mails.map((n) => n.alert_history_id).sort()).toEqual(hs.map((h) => h.id).sort());
    for (const n of mails) expect(n.subject).toBe(hs.find((h) => h.id === n.alert_history_id)!.subject);

    // app2 recovers: its incident ends, app5's stays open, the alert is still in an incident.
    await minute(1, (k) => (k === 5 ? 96 : 45));
    hs = await histories(id);
    expect(hs).toHaveLength(2);
    expect(hs.find((h) => h.server_id === servers[2])!.end).toBe(hs.find((h) => h.server_id === servers[2])!.start + 60);
    expect(hs.find((h) => h.server_id === servers[5])!.end).toBeNull();
    expect(await f.inIncident(id)).toBe(true);
    // Its RESOLVED e-mail names app2, the server whose incident ended.
    const resolved = (await f.svc.deps.store.outbox.notifications(f.svc.account.id, id, { limit: 100, page: 0 })).items.filter((n) => n.subject.startsWith('Alert resolved'));
    expect(resolved.map((n) => [n.alert_history_id, n.subject])).toEqual([
      [hs.find((h) => h.server_id === servers[2])!.id, 'Alert resolved: CPU over 90% (CPU above 90% on host-app2 in tag app (6 servers))'],
    ]);

    // app2 breaches again while app5 is still open: a new incident of its own.
    await minute(2, (k) => (k === 2 || k === 5 ? 99 : 45));
    hs = await histories(id);
    expect(hs.filter((h) => h.server_id === servers[2])).toHaveLength(2);
    expect(hs.filter((h) => h.end === null).map((h) => h.server_id).sort()).toEqual([servers[2], servers[5]].sort());

    await minute(3, () => 45);
    hs = await histories(id);
    expect(hs).toHaveLength(3);
    expect(hs.every((h) => h.end !== null)).toBe(true);
    expect(await f.inIncident(id)).toBe(false);
  });

  it('fires Server Down per server and closes every open incident when deactivated', async () => {
    const { servers, tag } = await sixTagged();
    const id = await f.alert({ type: 'Server Tag', target_id: tag, trigger_type: 'Server Down', time_above_threshold: 1, per_server: true });
    await minute(0, () => 10);
    f.clock += 300;
    // Four servers upload again: app0 and app1 stay silent.
    for (let k = 2; k < 6; k++) await f.feed(`app${k}`, 1, () => cpu(10), 1);
    await f.alerting.engine.checkServerDown();
    let hs = await histories(id);
    expect(hs.map((h) => h.server_id).sort()).toEqual([servers[0], servers[1]].sort());
    expect(hs.every((h) => h.servers.length === 1 && h.servers[0]!.value === null)).toBe(true);
    const r = await f.svc.request('PUT', `/api/alerts/${id}/`, { form: { active: false } });
    expect(r.status).toBe(200);
    expect(r.body.in_incident).toBe(false);
    hs = await histories(id);
    expect(hs.every((h) => h.end !== null)).toBe(true);
  });

  it('watches Disk per server (an extension offered with per_server only)', async () => {
    const { servers, tag } = await sixTagged();
    const id = await f.alert({ type: 'Server Tag', target_id: tag, trigger_type: 'Disk', threshold: 90.5, time_above_threshold: 1, per_server: true });
    for (let k = 0; k < 6; k++) await f.feed(`app${k}`, 1, () => ({ server: { cpu: 1, memory: 1, disk_percent_part: { '/': k === 3 ? 95.25 : 40 } } }));
    const hs = await histories(id);
    expect(hs.map((h) => [h.server_id, h.servers[0]?.value])).toEqual([[servers[3], 95.25]]);
  });
});

describe('per_server incidents and incident response', () => {
  /** Which event each notification of the history told, in order. */
  const told = async (historyId: number) =>
    (await f.svc.sql.all<{ event: string; state: string }>('SELECT event, state FROM notifications WHERE alert_history_id = ? ORDER BY id', historyId)).map((r) => `${r.event} ${r.state}`);

  it('acknowledging one server\'s incident stops its reminders only; the other server\'s go on', async () => {
    const { servers, tag } = await sixTagged();
    const id = await f.alert({ type: 'Server Tag', target_id: tag, trigger_type: 'CPU', threshold: 90, time_above_threshold: 1, interval: 5, per_server: true });
    const hot = (k: number) => (k === 2 || k === 5 ? 95 : 45);
    await minute(0, hot);
    const hs = await histories(id);
    const of = (k: number) => hs.find((h) => h.server_id === servers[k])!.id;
    expect((await f.svc.request('POST', `/api/v5/alert_histories/${of(2)}/acknowledge/`)).status).toBe(200);
    expect((await f.svc.request('GET', `/api/v5/alert_histories/${of(5)}/`)).body.acknowledged_by).toBeNull();
    for (let i = 1; i <= 10; i++) await minute(i, hot); // two intervals of 5
    expect(await told(of(2))).toEqual(['TRIGGERED kept']);
    expect(await told(of(5))).toEqual(['TRIGGERED kept', 'REMINDER kept', 'REMINDER kept']);
  });

  it('a silence of one server holds back that server\'s incident only', async () => {
    const { servers, tag } = await sixTagged();
    const silence = await f.svc.request('POST', '/api/v5/silences/', { form: { servers: [servers[2]], duration: 3600, reason: 'reboot' } });
    expect(silence.status, JSON.stringify(silence.body)).toBe(201);
    const id = await f.alert({ type: 'Server Tag', target_id: tag, trigger_type: 'CPU', threshold: 90, time_above_threshold: 1, per_server: true });
    await minute(0, (k) => (k === 2 || k === 5 ? 95 : 45));
    const hs = await histories(id);
    const of = (k: number) => hs.find((h) => h.server_id === servers[k])!.id;
    expect(await told(of(2))).toEqual(['TRIGGERED silenced']);
    expect(await told(of(5))).toEqual(['TRIGGERED kept']);
    const flag = async (k: number) => (await f.svc.request('GET', `/api/v5/alert_histories/${of(k)}/`)).body.silenced;
    expect([await flag(2), await flag(5)]).toEqual([true, false]);
  });
});

describe('Server Tag alerts without per_server', () => {
  it('still open one combined incident, and record the breaching servers with their values', async () => {
    const { servers, tag } = await sixTagged();
    const id = await f.alert({ name: 'CPU on two', type: 'Server Tag', target_id: tag, trigger_type: 'CPU', threshold: 90, time_above_threshold: 1, num_of_servers: 2 });
    await minute(0, (k) => (k === 2 ? 95 : k === 5 ? 97 : 45));
    const [h, ...rest] = await histories(id);
    expect(rest).toEqual([]);
    expect(h!.server_id).toBeNull();
    // Most extreme first.
    expect(h!.servers).toEqual([
      { id: servers[5], hostname: 'host-app5', nickname: '', value: 97 },
      { id: servers[2], hostname: 'host-app2', nickname: '', value: 95 },
    ]);
    expect(h!.subject).toMatch(/tag app \(6 servers\)\): host-app5, host-app2$/);
    const m = (await f.svc.request('GET', h!.message)).body;
    expect(m.text).toContain('Breaching: host-app5 (97), host-app2 (95).');
    await minute(1, (k) => (k === 5 ? 97 : 45));
    expect((await histories(id))[0]!.end).not.toBeNull();
    expect(await f.inIncident(id)).toBe(false);
  });
});

describe('per_server validation', () => {
  it.each([
    [{ type: 'Server', trigger_type: 'CPU', per_server: true }, 'per_server', /per_server is only for Server Tag alerts, not Server/],
    [{ type: 'Server Tag', trigger_type: 'CPU', per_server: true, num_of_servers: 2 }, 'num_of_servers', /num_of_servers must be 1 with per_server/],
    [{ type: 'Server Tag', trigger_type: 'Disk' }, 'trigger_type', /Disk needs per_server true/],
    [{ type: 'Server Tag', trigger_type: 'CPU', per_server: 'perhaps' }, 'per_server', /per_server/],
  ])('refuses %j with 400 on %s and stores nothing', async (over, field, message) => {
    const server = await registerTestServer(f.svc, 'v');
    const tag = (await f.svc.request('POST', '/api/server_tags/', { form: { name: 'v', servers: [server] } })).body.id;
    const before = (await f.svc.request('GET', '/api/alerts/')).body.pagination.count;
    const target_id = over.type === 'Server' ? server : tag;
    const r = await f.svc.request('POST', '/api/alerts/', { form: { name: 'x', users: [f.owner], threshold: 90, target_id, ...over } });
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe(field);
    expect(r.body.error.message).toMatch(message);
    expect((await f.svc.request('GET', '/api/alerts/')).body.pagination.count).toBe(before);
  });

  it('answers per_server, refuses to change it, and refuses a backtest with a 422 saying why', async () => {
    const server = await registerTestServer(f.svc, 'w');
    const tag = (await f.svc.request('POST', '/api/server_tags/', { form: { name: 'w', servers: [server] } })).body.id;
    const id = await f.alert({ type: 'Server Tag', target_id: tag, trigger_type: 'CPU', threshold: 90, per_server: true });
    expect((await f.svc.request('GET', `/api/alerts/${id}/`)).body.per_server).toBe(true);
    const put = await f.svc.request('PUT', `/api/alerts/${id}/`, { form: { per_server: false } });
    expect([put.status, put.body.error.field]).toEqual([400, 'per_server']);
    const bt = await f.svc.request('GET', `/api/alerts/${id}/backtest/`);
    expect(bt.status).toBe(422);
    expect(bt.body.error.field).toBe('per_server');
    expect(bt.body.error.message).toMatch(/backtest is not available for per_server alerts/);
  });

  it('lists per_server and the history extension fields in the OpenAPI document', async () => {
    const doc = (await f.svc.request('GET', '/api/v5/openapi.json', { as: null })).body;
    const json = (op: { content: Record<string, { schema: { properties: Record<string, { description?: string }> } }> }) => op.content['application/json']!.schema.properties;
    const create = doc.paths['/api/v5/alerts/'].post.requestBody.content['application/x-www-form-urlencoded'].schema.properties;
    expect(create.per_server.description).toMatch(/^Extension/);
    expect(json(doc.paths['/api/v5/alerts/{id}/'].get.responses['200']).per_server!.description).toMatch(/^Extension/);
    const history = json(doc.paths['/api/v5/alert_histories/{id}/'].get.responses['200']);
    expect(history.servers!.description).toMatch(/^Extension: the servers that held the condition/);
    expect(history.server_id!.description).toMatch(/^Extension: the server this incident is about/);
  });
});
