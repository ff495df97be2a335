import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Delivery } from '../store/repos/outbox';
import { receiver } from '../testing/receiver';
import { attempt } from './deliver';
import { netPolicy } from './net-policy';

const loopback = netPolicy('127.0.0.0/8');
const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const s = createServer(handler);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
}

const delivery = (url: string, extra: Partial<Delivery> = {}): Delivery => ({
  id: 1,
  accountId: 1,
  alertId: 7,
  alertHistoryId: 11,
  status: 'TRIGGERED',
  url,
  method: 'get',
  auth: Buffer.from('u:p').toString('base64'),
  secret: 's3cret',
  deliveryId: 'd-1',
  state: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  lastStatus: null,
  lastError: null,
  lastLatencyMs: null,
  created: 0,
  deliveredAt: null,
  silenced: false,
  ...extra,
});

describe('attempt', () => {
  it('cuts a receiver that dribbles its answer at the deadline, not at an idle timeout', async () => {
    const port = await serve((_req, res) => {
      res.writeHead(200);
      const t = setInterval(() => res.write('.'), 300);
      res.on('close', () => clearInterval(t));
    });
    const out = await attempt(delivery(`http://127.0.0.1:${port}/slow`), loopback, 1000);
    expect(out.ok).toBe(false);
    expect(out.error).toMatch(/timed out after 1000 ms/);
    expect(out.latencyMs).toBeGreaterThanOrEqual(950);
    expect(out.latencyMs).toBeLessThan(1500);
  });

  it('counts redirects against the same deadline', async () => {
    const slow = await serve(() => undefined);
    const first = await serve((_req, res) => setTimeout(() => res.writeHead(302, { location: `http://127.0.0.1:${slow}/x` }).end(), 600));
    const out = await attempt(delivery(`http://127.0.0.1:${first}/start`), loopback, 1000);
    expect(out.error).toMatch(/timed out/);
    expect(out.latencyMs).toBeLessThan(1500);
  });

  it('keeps credentials and signature on a same-origin redirect', async () => {
    const rx = await receiver();
    const port = await serve((req, res) => {
      if (req.url!.startsWith('/start')) return res.writeHead(302, { location: '/moved' }).end();
      res.writeHead(200).end();
      rx.hits.push({ method: req.method!, url: req.url!, headers: req.headers, body: '', at: Date.now() });
    });
    const out = await attempt(delivery(`http://127.0.0.1:${port}/start`), loopback, 2000);
    expect(out.ok).toBe(true);
    expect(rx.hits[0]!.url).toMatch(/^\/moved/);
    expect(rx.hits[0]!.headers.authorization).toBe(`Basic ${Buffer.from('u:p').toString('base64')}`);
    expect(rx.hits[0]!.headers['x-signature']).toMatch(/^sha256=/);
    await rx.close();
  });

  it('drops Authorization and the signature on a redirect to another origin', async () => {
    const rx = await receiver();
    const port = await serve((_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${rx.port}/other` }).end());
    const out = await attempt(delivery(`http://127.0.0.1:${port}/start`), loopback, 2000);
    expect(out.ok).toBe(true);
    const hit = rx.hits[0]!;
    expect(hit.url).toMatch(/^\/other\?alert_id=7/);
    expect(hit.headers['x-delivery-id']).toBe('d-1');
    expect(hit.headers.authorization).toBeUndefined();
    expect(hit.headers['x-signature']).toBeUndefined();
    expect(hit.headers['x-signature-timestamp']).toBeUndefined();
    await rx.close();
  });
});
