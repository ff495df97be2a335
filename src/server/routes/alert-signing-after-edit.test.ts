import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../alerting/deliver';
import { startAlerting } from '../alerting/start';
import { startTestService, type TestService } from '../testing/harness';
import { batchFor, postBatch, registerTestServer } from '../testing/ingest';
import { receiver, type Hit } from '../testing/receiver';
import { until } from '../testing/until';

let svc: TestService;
let alerting: ReturnType<typeof startAlerting>;
let rx: Awaited<ReturnType<typeof receiver>>;
let alertId: number;

beforeAll(async () => {
  svc = await startTestService();
  alerting = startAlerting(svc.deps, {
    allowNets: '127.0.0.0/8',
    dispatcher: { baseDelayMs: 100, tickMs: 50 },
  });
  rx = await receiver();
  const server = await registerTestServer(svc, 'sig');
  const owner = (await svc.request('GET', '/api/users/')).body.data[0].id;
  const a = await svc.request('POST', '/api/alerts/', {
    form: {
      name: 'cpu', type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50, users: [owner],
      subscribers: [{ url: `http://127.0.0.1:${rx.port}/hook`, type: 'post', secret: 'k' }],
    },
  });
  alertId = a.body.id;
});
afterAll(async () => {
  await alerting.stop();
  await rx.close();
  await svc.close();
});

/** True when the hit carries a valid X-Signature made with the secret over its body. */
const signedWith = (secret: string, h: Hit) =>
  h.headers['x-signature'] === `sha256=${sign(secret, String(h.headers['x-signature-timestamp']), h.body)}`;

describe('callbacks after an edit', () => {
  it('are still signed after the subscribers of a GET are PUT back with other changes', async () => {
    const got = (await svc.request('GET', `/api/alerts/${alertId}/`)).body;
    expect(got.subscribers[0]).toMatchObject({ has_secret: true });
    const u = await svc.request('PUT', `/api/alerts/${alertId}/`, {
      json: { name: 'cpu edited', subscribers: got.subscribers.map((s: object) => ({ ...s, event: 'BOTH' })) },
    });
    expect(u.status).toBe(200);

    expect((await svc.request('POST', `/api/alerts/${alertId}/test_callback/`)).status).toBe(202);
    await until(() => rx.hits.some((h) => h.body.includes('status=TEST')));
    const test = rx.hits.find((h) => h.body.includes('status=TEST'))!;
    expect(signedWith('k', test)).toBe(true);

    // The alert engine reads subscribers on its own path: a real trigger is signed too.
    const minute = Math.floor(Date.now() / 60_000) * 60 - 600;
    expect([200, 201]).toContain((await postBatch(svc, batchFor('sig', minute, { server: { cpu: 99, memory: 1 } }))).status);
    await alerting.idle();
    await until(() => rx.hits.some((h) => h.body.includes('status=TRIGGERED')));
    const triggered = rx.hits.find((h) => h.body.includes('status=TRIGGERED'))!;
    expect(triggered.body).toMatch(new RegExp(`^alert_id=${alertId}&alert_history_id=\\d+&status=TRIGGERED$`));
    expect(signedWith('k', triggered)).toBe(true);
  });

  it('are signed with a replaced secret and unsigned once it is removed', async () => {
    const url = `http://127.0.0.1:${rx.port}/hook`;
    await svc.request('PUT', `/api/alerts/${alertId}/`, { json: { subscribers: [{ url, type: 'post', secret: 'k2' }] } });
    const before = rx.hits.length;
    await svc.request('POST', `/api/alerts/${alertId}/test_callback/`);
    await until(() => rx.hits.length > before);
    expect(signedWith('k2', rx.hits[before]!)).toBe(true);

    await svc.request('PUT', `/api/alerts/${alertId}/`, { json: { subscribers: [{ url, type: 'post', secret: '' }] } });
    const after = rx.hits.length;
    await svc.request('POST', `/api/alerts/${alertId}/test_callback/`);
    await until(() => rx.hits.length > after);
    expect(rx.hits[after]!.headers['x-signature']).toBeUndefined();
  });
});
