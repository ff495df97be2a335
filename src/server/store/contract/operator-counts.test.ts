import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventServer, sendEvents } from '../../testing/event-batches';
import { startTestService, type TestService } from '../../testing/harness';

// The store's answers for /metrics (http/metrics-store.ts): counts across accounts, on both stores.
let svc: TestService;
const SLACK = 'https://hooks.slack.com/services/T0123ABCD/B0456EFGH/abcdefghijklmnopqrstuvwx';

beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const sorted = <T extends { channel: string; state: string }>(rows: T[]) => [...rows].sort((a, b) => `${a.channel}/${a.state}`.localeCompare(`${b.channel}/${b.state}`));

describe('counts for the operator', () => {
  it('outbox.countsByChannel: pending and failed rows of every account by channel, kept and sent ones left out', async () => {
    const { store } = svc.deps;
    expect(await store.outbox.countsByChannel()).toEqual([]);
    // Account one: two test callbacks (one then failed), a test message to a Slack channel.
    const server = (await eventServer(svc, svc.account, 'cb-host')).id;
    const owner = (await svc.request('GET', '/api/v5/users/')).body.data[0].id as number;
    const alert = await svc.request('POST', '/api/v5/alerts/', { form: { name: 'cb', type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50, users: [owner] } });
    await svc.request('PUT', `/api/v5/alerts/${alert.body.id}/`, { form: { subscribers: [{ url: 'http://192.0.2.1/a', type: 'post' }, { url: 'http://192.0.2.1/b', type: 'get' }] } });
    const queued = (await svc.request('POST', `/api/v5/alerts/${alert.body.id}/test_callback/`)).body.data as { id: number }[];
    expect(queued).toHaveLength(2);
    await svc.sql.run(`UPDATE callback_deliveries SET state = 'failed' WHERE account_id = ? AND id = ?`, svc.account.id, queued[0]!.id);
    const channel = (await svc.request('POST', '/api/v5/channels/', { form: { name: 'ops', type: 'slack', webhook_url: SLACK } })).body.id as number;
    expect((await svc.request('POST', `/api/v5/channels/${channel}/test/`)).status).toBe(202);
    // Account two: an e-mail with a transport (pending) and one without (kept, not counted).
    const otherUser = (await svc.request('GET', '/api/v5/users/', { as: svc.other })).body.data[0].id as number;
    await store.outbox.enqueueUserEmail(svc.other.id, { userId: otherUser, recipient: 'x@example.net', subject: 's', text: 't', host: 'smtp' });
    await store.outbox.enqueueUserEmail(svc.other.id, { userId: otherUser, recipient: 'x@example.net', subject: 's', text: 't', host: null });

    expect(sorted(await store.outbox.countsByChannel())).toEqual([
      { channel: 'callback', state: 'failed', n: 1 },
      { channel: 'callback', state: 'pending', n: 1 },
      { channel: 'email', state: 'pending', n: 1 },
      { channel: 'slack', state: 'pending', n: 1 },
    ]);
  });

  it('alertEngine.evaluationBacklog: items pending across accounts and the oldest reception', async () => {
    const { store } = svc.deps;
    expect(await store.alertEngine.evaluationBacklog()).toEqual({ pending: 0, oldestReceivedMs: null });
    const minute = Math.floor(Date.now() / 60_000) * 60;
    const t0 = Date.now();
    for (const account of [svc.account, svc.other]) {
      const s = await eventServer(svc, account, `q-${account.id}`);
      // Only accounts with active alerts queue evaluations.
      const owner = (await svc.request('GET', '/api/v5/users/', { as: account })).body.data[0].id as number;
      expect((await svc.request('POST', '/api/v5/alerts/', { as: account, form: { name: 'q', type: 'Server', target_id: s.id, trigger_type: 'CPU', threshold: 50, users: [owner] } })).status).toBe(201);
      await sendEvents(svc, s, minute, {});
    }
    const b = await store.alertEngine.evaluationBacklog();
    expect(b.pending).toBe(2);
    expect(b.oldestReceivedMs).toBeGreaterThanOrEqual(t0 - 1000);
    expect(b.oldestReceivedMs).toBeLessThanOrEqual(Date.now());
  });

  it('usage: the pool or the files of this store', async () => {
    const u = await svc.deps.store.usage();
    if (u.kind === 'postgres') {
      expect(u.total).toBeGreaterThanOrEqual(1);
      expect(u.idle).toBeLessThanOrEqual(u.total);
      expect(u.waiting).toBe(0);
    } else {
      expect(u.fileBytes + u.walBytes).toBeGreaterThan(4096);
    }
  });
});
