import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAlerting } from '../alerting/start';
import { startTestService, type TestService } from '../testing/harness';
import { batchFor, postBatch, registerTestServer } from '../testing/ingest';
import { receiver } from '../testing/receiver';
import { until } from '../testing/until';

let svc: TestService;
let alerting: ReturnType<typeof startAlerting>;
let rx: Awaited<ReturnType<typeof receiver>>;
let alertId: number;
let server: number;

beforeAll(async () => {
  svc = await startTestService();
  alerting = startAlerting(svc.deps, {
    allowNets: '127.0.0.0/8',
    dispatcher: { baseDelayMs: 100, tickMs: 50 },
  });
  rx = await receiver();
  server = await registerTestServer(svc, 'dl');
  const owner = (await svc.request('GET', '/api/users/')).body.data[0].id;
  const a = await svc.request('POST', '/api/alerts/', {
    form: { name: 'cpu', type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50, users: [owner] },
  });
  alertId = a.body.id;
  await svc.request('PUT', `/api/alerts/${alertId}/`, {
    form: { subscribers: [{ url: `http://127.0.0.1:${rx.port}/hook`, type: 'post', secret: 'k' }] },
  });
});
afterAll(async () => {
  await alerting.stop();
  await rx.close();
  await svc.close();
});

describe('callback delivery log', () => {
  it('sends a test callback and logs the delivery with its attempts', async () => {
    const t = await svc.request('POST', `/api/alerts/${alertId}/test_callback/`);
    expect(t.status).toBe(202);
    expect(t.body.data).toHaveLength(1);
    await until(() => rx.hits.length === 1);
    expect(rx.hits[0]!.body).toBe(`alert_id=${alertId}&alert_history_id=&status=TEST`);
    await until(async () => (await svc.request('GET', `/api/alerts/${alertId}/deliveries/`)).body.data[0].state === 'delivered');
    const list = await svc.request('GET', `/api/alerts/${alertId}/deliveries/`);
    expect(list.body.pagination.count).toBe(1);
    const d = list.body.data[0];
    expect(d).toMatchObject({ status: 'TEST', method: 'post', attempts: 1, last_status: 200 });
    expect(JSON.stringify(d)).not.toContain('"secret"');
    const one = await svc.request('GET', `/api/alerts/${alertId}/deliveries/${d.id}/`);
    expect(one.body.attempts_log).toEqual([expect.objectContaining({ attempt: 1, http_status: 200 })]);
  });

  it('redelivers with the same delivery id', async () => {
    const d = (await svc.request('GET', `/api/alerts/${alertId}/deliveries/`)).body.data[0];
    const r = await svc.request('POST', `/api/alerts/${alertId}/deliveries/${d.id}/redeliver/`);
    expect(r.status).toBe(200);
    await until(() => rx.hits.length === 2);
    expect(rx.hits[1]!.headers['x-delivery-id']).toBe(rx.hits[0]!.headers['x-delivery-id']);
  });

  it('keeps notifications when no SMTP is configured and lists them', async () => {
    const minute = Math.floor(Date.now() / 60_000) * 60 - 600;
    expect([200, 201]).toContain((await postBatch(svc, batchFor('dl', minute, { server: { cpu: 99, memory: 1 } }))).status);
    await alerting.idle();
    const n = await svc.request('GET', `/api/notifications/?alert_id=${alertId}`);
    expect(n.status).toBe(200);
    expect(n.body.data[0]).toMatchObject({ channel: 'email', recipient: svc.account.email, state: 'kept', alert_id: alertId });
    await until(() => rx.hits.some((h) => h.body.includes('status=TRIGGERED')));
  });

  it("answers 404 for another account's alert and 401 without credentials", async () => {
    for (const p of [`/api/alerts/${alertId}/deliveries/`, `/api/alerts/${alertId}/deliveries/1/`]) {
      expect((await svc.request('GET', p, { as: svc.other })).status).toBe(404);
      expect((await svc.request('GET', p, { as: null })).status).toBe(401);
    }
    expect((await svc.request('POST', `/api/alerts/${alertId}/test_callback/`, { as: svc.other })).status).toBe(404);
    expect((await svc.request('GET', '/api/notifications/', { as: svc.other })).body.pagination.count).toBe(0);
  });

  it('refuses a test callback for an alert without subscribers', async () => {
    await svc.request('PUT', `/api/alerts/${alertId}/`, { form: { subscribers: '[]' } });
    const r = await svc.request('POST', `/api/alerts/${alertId}/test_callback/`);
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe('subscribers');
  });
});
