import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store';
import { startTestService, type TestService } from '../../testing/harness';
import { batchFor, postBatch, registerTestServer } from '../../testing/ingest';

// The store's side of the durable alert path, through the Store interface only, so that every
// backend is held to the same contract: per-server order and exclusivity of evaluation claims, lease
// expiry, completion only by the holder, and the outbox's per-host limit and interrupted attempts.
let svc: TestService;
let store: Store;
let server: number;
const T0 = Math.floor(Date.now() / 60_000) * 60 - 3600;
beforeEach(async () => {
  svc = await startTestService();
  store = svc.deps.store;
  server = await registerTestServer(svc, 'contract');
  const owner = (await svc.request('GET', '/api/users/')).body.data[0].id;
  // An active alert makes ingest queue evaluations (no engine runs in this file).
  await svc.request('POST', '/api/alerts/', { form: { name: 'cpu', type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 90, users: [owner] } });
});
afterEach(async () => svc.close());

const ingest = async (guid: string, minutes: number[]) => {
  for (const m of minutes) expect((await postBatch(svc, batchFor(guid, T0 + m * 60))).status).toBe(201);
};

describe('evaluation queue', () => {
  it("hands a server's minutes to one worker in minute order, and its others to nobody else while that worker's lease runs", async () => {
    await ingest('contract', [2, 0, 1]);
    const other = await registerTestServer(svc, 'contract-2');
    await ingest('contract-2', [0]);
    const now = Date.now();
    const a = await store.alertEngine.claimEvaluations('a', now, 10_000, 50, 2);
    expect(a.filter((i) => i.serverId === server).map((i) => i.minute)).toEqual([T0, T0 + 60]);
    expect(a.some((i) => i.serverId === other)).toBe(true);
    // The third minute of the first server is pending, but its server is held by worker a.
    expect(await store.alertEngine.claimEvaluations('b', now, 10_000, 50, 2)).toEqual([]);
    // Once a's lease has run out, b takes the server over, from its oldest minute.
    const b = await store.alertEngine.claimEvaluations('b', now + 10_001, 10_000, 50, 5);
    expect(b.filter((i) => i.serverId === server).map((i) => i.minute)).toEqual([T0, T0 + 60, T0 + 120]);
  });

  it('completes an item only for the worker holding it, writing nothing for another', async () => {
    await ingest('contract', [0]);
    const [item] = await store.alertEngine.claimEvaluations('a', Date.now(), 10_000, 1, 1);
    const taken = await store.alertEngine.claimEvaluations('b', Date.now() + 20_000, 10_000, 1, 1);
    expect(taken.map((i) => i.id)).toEqual([item!.id]);
    const alertId = (await svc.request('GET', '/api/alerts/')).body.data[0].id;
    const state = { subject: server, minute: T0, holds: true, streak: 1, value: 99 };
    const stale = await store.alertEngine.apply({ accountId: svc.account.id, item: { id: item!.id, worker: 'a' }, alerts: [{ alertId, state }] });
    expect(stale.leaseLost).toBe(true);
    expect(await store.alertEngine.states(svc.account.id, alertId)).toEqual([]);
    const done = await store.alertEngine.apply({ accountId: svc.account.id, item: { id: item!.id, worker: 'b' }, alerts: [{ alertId, state }] });
    expect(done.leaseLost).toBe(false);
    expect(await store.alertEngine.states(svc.account.id, alertId)).toEqual([state]);
    expect(await store.alertEngine.pendingEvaluations()).toBe(0);
  });

  it('applies several plans in one call as one after the other would, skipping only those whose item another worker holds', async () => {
    const other = await registerTestServer(svc, 'contract-2');
    await ingest('contract', [0]);
    await ingest('contract-2', [0]);
    const items = await store.alertEngine.claimEvaluations('a', Date.now(), 10_000, 50, 1);
    const mine = items.find((i) => i.serverId === server)!;
    const lost = items.find((i) => i.serverId === other)!;
    expect(await store.alertEngine.claimEvaluations('b', Date.now() + 20_000, 10_000, 50, 1)).toHaveLength(2);
    const alertId = (await svc.request('GET', '/api/alerts/')).body.data[0].id;
    const at = (minute: number, holds: boolean) => ({ subject: server, minute, holds, streak: holds ? 1 : 0, value: holds ? 99 : 1 });
    const applied = await store.alertEngine.applyMany([
      { accountId: svc.account.id, item: { id: mine.id, worker: 'b' }, alerts: [{ alertId, state: at(T0, true) }] },
      { accountId: svc.account.id, item: { id: lost.id, worker: 'a' }, alerts: [{ alertId, state: { ...at(T0, true), subject: other } }] },
      // The same alert and subject twice (no item: as the Server Down check writes): the later one stays.
      { accountId: svc.account.id, alerts: [{ alertId, state: at(T0 + 60, false) }] },
      { accountId: svc.account.id, alerts: [{ alertId, state: at(T0 + 120, true) }, { alertId: 424242, state: at(T0, true) }] },
    ]);
    expect(applied.map((r) => r.leaseLost)).toEqual([false, true, false, false]);
    const states = await store.alertEngine.statesOf(svc.account.id, [alertId, 424242]);
    expect(states).toEqual(new Map([[alertId, [at(T0 + 120, true)]], [424242, []]]));
    expect(await store.alertEngine.states(svc.account.id, alertId)).toEqual([at(T0 + 120, true)]);
    // Worker b still holds the item a lost; a's plan completed nothing.
    expect(await store.alertEngine.pendingEvaluations()).toBe(1);
    expect(await store.alertEngine.applyMany([])).toEqual([]);
  });

  it("reads several servers' contexts at once as alertsForServer, server and statesOf answer them one by one", async () => {
    const other = await registerTestServer(svc, 'contract-2');
    const alertId = (await svc.request('GET', '/api/alerts/')).body.data[0].id;
    await store.alertEngine.apply({ accountId: svc.account.id, alerts: [{ alertId, state: { subject: server, minute: T0, holds: true, streak: 1, value: 99 } }] });
    const asked = [server, other, 424242].map((serverId) => ({ accountId: svc.account.id, serverId }));
    const one = async (serverId: number) => {
      const alerts = await store.alertEngine.alertsForServer(svc.account.id, serverId);
      return { alerts, server: await store.alertEngine.server(svc.account.id, serverId), states: await store.alertEngine.statesOf(svc.account.id, alerts.map((a) => a.id)) };
    };
    const contexts = await store.alertEngine.contexts(asked);
    expect(contexts).toEqual([await one(server), await one(other), await one(424242)]);
    expect(contexts[0]!.alerts.map((a) => a.id)).toContain(alertId);
    expect(contexts[0]!.states.get(alertId)).toHaveLength(1);
    expect(contexts[2]).toEqual({ alerts: [], server: null, states: new Map() });
    expect(await store.alertEngine.contexts([])).toEqual([]);
  });

  it('sets an item aside as failed when told to give up, so its server goes on', async () => {
    await ingest('contract', [0, 1]);
    const [first] = await store.alertEngine.claimEvaluations('a', Date.now(), 10_000, 1, 1);
    await store.alertEngine.releaseEvaluation(first!.id, 'a', 'boom', 0, true);
    const next = await store.alertEngine.claimEvaluations('a', Date.now(), 10_000, 5, 5);
    expect(next.map((i) => i.minute)).toEqual([T0 + 60]);
    expect(await store.alertEngine.pendingEvaluations()).toBe(1);
  });

  it('under claims racing from several workers, evaluates each item once and each server in minute order', async () => {
    const guids = ['contract', 'race-1', 'race-2', 'race-3'];
    for (const g of guids.slice(1)) await registerTestServer(svc, g);
    for (const g of guids) await ingest(g, [3, 0, 4, 1, 2]);
    const done: { worker: string; serverId: number; minute: number; id: number }[] = [];
    const run = async (worker: string) => {
      for (;;) {
        const items = await store.alertEngine.claimEvaluations(worker, Date.now(), 60_000, 3, 2);
        if (!items.length) {
          if ((await store.alertEngine.pendingEvaluations()) === 0) return;
          await new Promise((r) => setTimeout(r, 5));
          continue;
        }
        for (const i of items) {
          const r = await store.alertEngine.apply({ accountId: svc.account.id, item: { id: i.id, worker }, alerts: [] });
          expect(r.leaseLost).toBe(false);
          done.push({ worker, serverId: i.serverId, minute: i.minute, id: i.id });
        }
      }
    };
    await Promise.all(['w1', 'w2', 'w3', 'w4', 'w5', 'w6'].map(run));
    expect(new Set(done.map((d) => d.id)).size).toBe(done.length);
    expect(done).toHaveLength(guids.length * 5);
    for (const sid of new Set(done.map((d) => d.serverId))) {
      expect(done.filter((d) => d.serverId === sid).map((d) => d.minute)).toEqual([0, 1, 2, 3, 4].map((m) => T0 + m * 60));
    }
  });
});

describe('outbox', () => {
  const cb = (alertId: number, host: string) => ({ alertId, alertHistoryId: 1, status: 'TRIGGERED' as const, url: `http://${host}/hook`, method: 'get' as const, auth: null, secret: null });
  const claim = (worker: string, nowMs: number, limit = 10) =>
    store.outbox.claim({ worker, nowMs, leaseMs: 5_000, limit, perHost: 2, channels: [], maxAttempts: 12 });

  it('keeps at most perHost rows of a host in flight across workers, and claims other hosts meanwhile', async () => {
    const now = Date.now();
    await store.outbox.enqueue(svc.account.id, [cb(1, 'slow.example'), cb(2, 'slow.example'), cb(3, 'slow.example'), cb(4, 'fast.example')], now);
    const a = await claim('a', now + 1);
    expect(a.map((j) => j.kind === 'callback' && j.delivery.url)).toEqual(['http://slow.example/hook', 'http://slow.example/hook', 'http://fast.example/hook']);
    expect(await claim('b', now + 2)).toEqual([]);
  });

  it('keeps the per-host limit when several workers claim at once', async () => {
    const now = Date.now();
    const hosts = ['h1.example', 'h2.example', 'h3.example'];
    await store.outbox.enqueue(svc.account.id, hosts.flatMap((h) => Array.from({ length: 5 }, (_, i) => cb(i + 1, h))), now);
    const racing = (await Promise.all(['a', 'b', 'c', 'd', 'e'].map((w) => claim(w, now + 1, 3)))).flat();
    const url = (j: (typeof racing)[number]) => (j.kind === 'callback' ? j.delivery.url : '');
    for (const h of hosts) expect(racing.filter((j) => url(j) === `http://${h}/hook`).length).toBeLessThanOrEqual(2);
    // A host another claim was taking may have been left for later: a claim after the race fills it up to the limit.
    const all = [...racing, ...(await claim('f', now + 2))];
    for (const h of hosts) expect(all.filter((j) => url(j) === `http://${h}/hook`)).toHaveLength(2);
    const ids = all.map((j) => (j.kind === 'callback' ? j.delivery.id : 0));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('logs an attempt cut by a crash as interrupted when the row is claimed again, with the same delivery id', async () => {
    const now = Date.now();
    const [d] = await store.outbox.enqueue(svc.account.id, [cb(1, 'x.example')], now);
    expect((await claim('dead', now + 1)).length).toBe(1);
    const again = await claim('alive', now + 10_000);
    expect(again.map((j) => j.kind === 'callback' && j.delivery.deliveryId)).toEqual([d!.deliveryId]);
    const attempts = await store.outbox.attempts(svc.account.id, d!.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.error).toMatch(/^interrupted/);
    // The dead worker's late result changes nothing; the live one's is recorded.
    const result = { state: 'delivered' as const, nextAttemptAt: now, httpStatus: 200, error: null, latencyMs: 5, at: now + 10_001 };
    await store.outbox.recordAttempt(again[0]!, 'dead', result);
    expect((await store.outbox.get(svc.account.id, d!.id))!.state).toBe('pending');
    await store.outbox.recordAttempt(again[0]!, 'alive', result);
    expect((await store.outbox.get(svc.account.id, d!.id))!.state).toBe('delivered');
    expect(await store.outbox.pending()).toBe(0);
  });
});
