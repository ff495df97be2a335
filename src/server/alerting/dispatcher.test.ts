import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { receiver } from '../testing/receiver';
import { until } from '../testing/until';
import type { Delivery, NewDelivery } from '../store/repos/outbox';
import { openStore } from '../store/open';
import type { Store } from '../store/store';
import { createServiceStore } from '../store/test-store';
import { createAccount } from '../services/accounts';
import { sign } from './deliver';
import { retryDelayMs, startDispatcher, type Dispatcher } from './dispatcher';
import { netPolicy } from './net-policy';

let dir: string;
let store: Store;
/** The suite's store (a SQLite file in `dir`, or a PostgreSQL database), opened again by the restart test. */
let where: Awaited<ReturnType<typeof createServiceStore>>;
const open = async () => (await openStore({ dataDir: dir, databaseUrl: where.env.DATABASE_URL })).store;
let accountId: number;
let dispatcher: Dispatcher | undefined;
const fast = { policy: netPolicy('127.0.0.0/8'), baseDelayMs: 100, maxDelayMs: 400, tickMs: 50, timeoutMs: 1000 };

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-'));
  where = await createServiceStore(dir);
  store = await open();
  await createAccount(store, 'o@example.com');
  accountId = (await store.accounts.findByEmail('o@example.com'))!.id;
});
afterEach(async () => {
  await dispatcher?.stop();
  dispatcher = undefined;
  await store.close();
  await where.drop();
  rmSync(dir, { recursive: true, force: true });
});

const item = (url: string, extra: Partial<NewDelivery> = {}): NewDelivery => ({
  alertId: 7,
  alertHistoryId: 11,
  status: 'TRIGGERED',
  url,
  method: 'get',
  auth: null,
  secret: null,
  ...extra,
});
const state = async (d: Delivery) => (await store.outbox.get(accountId, d.id))!;

describe('callback delivery', () => {
  it('sends the spec request by GET with Basic auth, a delivery id and a signature', async () => {
    const rx = await receiver();
    const [d] = await store.outbox.enqueue(
      accountId,
      [item(`http://127.0.0.1:${rx.port}/hook?x=1`, { auth: Buffer.from('u:p').toString('base64'), secret: 's3cret' })],
      Date.now(),
    );
    dispatcher = startDispatcher(store.outbox, fast);
    await until(async () => (await state(d!)).state === 'delivered');
    const hit = rx.hits[0]!;
    expect(hit.method).toBe('GET');
    expect(hit.url).toBe('/hook?x=1&alert_id=7&alert_history_id=11&status=TRIGGERED');
    expect(hit.headers.authorization).toBe(`Basic ${Buffer.from('u:p').toString('base64')}`);
    expect(hit.headers['x-delivery-id']).toBe(d!.deliveryId);
    const payload = 'alert_id=7&alert_history_id=11&status=TRIGGERED';
    expect(hit.headers['x-signature']).toBe(`sha256=${sign('s3cret', String(hit.headers['x-signature-timestamp']), payload)}`);
    await rx.close();
  });

  it('sends POST url-encoded', async () => {
    const rx = await receiver();
    const [d] = await store.outbox.enqueue(accountId, [item(`http://127.0.0.1:${rx.port}/p`, { method: 'post', status: 'RESOLVED' })], Date.now());
    dispatcher = startDispatcher(store.outbox, fast);
    await until(async () => (await state(d!)).state === 'delivered');
    expect(rx.hits[0]).toMatchObject({ method: 'POST', url: '/p', body: 'alert_id=7&alert_history_id=11&status=RESOLVED' });
    expect(rx.hits[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    await rx.close();
  });

  it('keeps trying a receiver that is down until it is up', async () => {
    const probe = await receiver();
    const port = probe.port;
    await probe.close();
    const [d] = await store.outbox.enqueue(accountId, [item(`http://127.0.0.1:${port}/late`)], Date.now());
    dispatcher = startDispatcher(store.outbox, fast);
    await until(async () => (await state(d!)).attempts >= 2);
    expect((await state(d!)).state).toBe('pending');
    const rx = await receiver(port);
    await until(async () => (await state(d!)).state === 'delivered');
    expect(rx.hits).toHaveLength(1);
    expect((await store.outbox.attempts(accountId, d!.id)).at(-1)!.http_status).toBe(200);
    await rx.close();
  });

  it('honours Retry-After on 429', async () => {
    const rx = await receiver(0, (n) => (n === 1 ? { status: 429, headers: { 'retry-after': '2' } } : { status: 200 }));
    const [d] = await store.outbox.enqueue(accountId, [item(`http://127.0.0.1:${rx.port}/busy`)], Date.now());
    dispatcher = startDispatcher(store.outbox, fast);
    await until(async () => (await state(d!)).state === 'delivered', 15_000);
    expect(rx.hits).toHaveLength(2);
    expect(rx.hits[1]!.at - rx.hits[0]!.at).toBeGreaterThanOrEqual(1900);
    await rx.close();
  });

  it('never contacts a denied address', async () => {
    const rx = await receiver();
    const [loopback, metadata] = await store.outbox.enqueue(
      accountId,
      [item(`http://127.0.0.1:${rx.port}/x`), item('http://169.254.169.254/latest/meta-data/')],
      Date.now(),
    );
    dispatcher = startDispatcher(store.outbox, { ...fast, policy: netPolicy() });
    await until(async () => (await state(loopback!)).state === 'failed' && (await state(metadata!)).state === 'failed');
    expect(rx.hits).toHaveLength(0);
    expect((await state(metadata!)).lastError).toMatch(/never contacted/);
    await rx.close();
  });

  it('refuses a host name that resolves to a denied address (checked at connect time)', async () => {
    const rx = await receiver();
    const [d] = await store.outbox.enqueue(accountId, [item(`http://localhost:${rx.port}/x`)], Date.now());
    dispatcher = startDispatcher(store.outbox, { ...fast, policy: netPolicy() });
    await until(async () => (await state(d!)).state === 'failed');
    expect(rx.hits).toHaveLength(0);
    await rx.close();
  });

  it('loses no pending delivery across a restart', async () => {
    const rx = await receiver();
    const [d] = await store.outbox.enqueue(accountId, [item(`http://127.0.0.1:${rx.port}/after-restart`)], Date.now());
    await store.close();
    store = await open();
    dispatcher = startDispatcher(store.outbox, fast);
    await until(async () => (await state(d!)).state === 'delivered');
    expect(rx.hits.map((h) => h.url)).toEqual(['/after-restart?alert_id=7&alert_history_id=11&status=TRIGGERED']);
    await rx.close();
  });

  it('does not let a hanging subscriber delay another', async () => {
    const hang = createServer(() => undefined);
    await new Promise<void>((r) => hang.listen(0, '127.0.0.1', r));
    const rx = await receiver();
    const hangPort = (hang.address() as AddressInfo).port;
    const slow = Array.from({ length: 4 }, () => item(`http://127.0.0.1:${hangPort}/hang`));
    const [, , , , quick] = await store.outbox.enqueue(accountId, [...slow, item(`http://127.0.0.1:${rx.port}/quick`)], Date.now());
    const t0 = Date.now();
    dispatcher = startDispatcher(store.outbox, { ...fast, timeoutMs: 5000 });
    await until(async () => (await state(quick!)).state === 'delivered');
    expect(Date.now() - t0).toBeLessThan(4000);
    hang.closeAllConnections();
    hang.close();
    await rx.close();
  });
});

describe('fairness and redelivery', () => {
  it('delivers promptly to a healthy host behind 100 due deliveries to a hanging one', async () => {
    const hang = createServer(() => undefined);
    await new Promise<void>((r) => hang.listen(0, '127.0.0.1', r));
    const rx = await receiver();
    const slow = Array.from({ length: 100 }, () => item(`http://127.0.0.1:${(hang.address() as AddressInfo).port}/hang`));
    const all = await store.outbox.enqueue(accountId, [...slow, item(`http://127.0.0.1:${rx.port}/quick`)], Date.now());
    const t0 = Date.now();
    dispatcher = startDispatcher(store.outbox, { ...fast, timeoutMs: 5000 });
    await until(async () => (await state(all.at(-1)!)).state === 'delivered', 8000);
    expect(Date.now() - t0).toBeLessThan(1500);
    hang.closeAllConnections();
    hang.close();
    await rx.close();
  });

  it('gives a redelivered delivery that had exhausted its attempts the full retry schedule again', async () => {
    const probe = await receiver();
    const port = probe.port;
    await probe.close();
    const [d] = await store.outbox.enqueue(accountId, [item(`http://127.0.0.1:${port}/down`)], Date.now());
    const o = { ...fast, maxAttempts: 3, baseDelayMs: 30, maxDelayMs: 30 };
    dispatcher = startDispatcher(store.outbox, o);
    await until(async () => (await state(d!)).state === 'failed');
    expect((await state(d!)).attempts).toBe(3);
    const again = await store.outbox.redeliver(accountId, d!.id, Date.now());
    expect(again).toMatchObject({ state: 'pending', attempts: 0, deliveryId: d!.deliveryId });
    dispatcher.wake();
    await until(async () => (await state(d!)).state === 'failed');
    expect((await state(d!)).attempts).toBe(3);
    expect(await store.outbox.attempts(accountId, d!.id)).toHaveLength(6);
  });
});

describe('retryDelayMs', () => {
  const o = { timeoutMs: 1, baseDelayMs: 1000, maxDelayMs: 8000, maxAttempts: 5, concurrency: 1, perHost: 1, tickMs: 1, maxRetryAfterMs: 60_000, random: () => 1 };
  it('doubles up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, { retryAfter: null }, o))).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
  });
  it('jitters between half and all of the delay', () => {
    expect(retryDelayMs(2, { retryAfter: null }, { ...o, random: () => 0 })).toBe(1000);
  });
  it('waits at least Retry-After, capped', () => {
    expect(retryDelayMs(1, { retryAfter: 30 }, o)).toBe(30_000);
    expect(retryDelayMs(1, { retryAfter: 99_999 }, o)).toBe(60_000);
  });
});
