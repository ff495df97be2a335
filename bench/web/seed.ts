import { Agent, request } from 'node:http';
import type { Registration } from '../../src/shared/ingest';
import { batch } from '../fleet';

/** A keep-alive client of the service under benchmark, sending what a collector sends. */
export function client(baseUrl: string, email: string, key: string, concurrency = 16) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const base = new URL(baseUrl);
  const auth = `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`;
  function call(method: string, path: string, body?: unknown): Promise<unknown> {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string | number> = { authorization: auth };
    if (text !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    return new Promise((resolve, reject) => {
      const req = request({ host: base.hostname, port: base.port, method, path: `/api/v5${path}`, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const out = Buffer.concat(chunks).toString('utf8');
          if ((res.statusCode ?? 500) >= 300) reject(new Error(`${method} ${path}: ${res.statusCode} ${out.slice(0, 200)}`));
          else resolve(JSON.parse(out));
        });
      });
      req.on('error', reject);
      req.end(text);
    });
  }
  async function pool<T>(items: readonly T[], fn: (t: T) => Promise<unknown>) {
    let next = 0;
    await Promise.all(Array.from({ length: concurrency }, async () => { while (next < items.length) await fn(items[next++]!); }));
  }
  return { call, pool, close: () => agent.destroy() };
}
type Client = ReturnType<typeof client>;

const registration = (guid: string, i: number): Registration => ({
  guid,
  hostname: guid,
  os: i % 7 === 3 ? 'Windows' : 'Linux',
  os_detail: 'Debian 13',
  arch: 'x86_64',
  capacity_mem: 8e9,
  capacity_cpu_num: 2 ** (1 + (i % 4)), // 2-16, so the host map sized by CPU count has three sizes
  capacity_cpu_freq: 2400,
  capacity_disks: { '/': 50_000, '/var': 20_000 },
  network_interfaces: [],
  current_version: 1,
});

/** One server with `minutes` of history up to `now` (collector batches, 5 processes each); its id. */
export async function seedHistory(c: Client, guid: string, now: number, minutes: number): Promise<number> {
  const { server_id } = (await c.call('POST', '/collector/register', registration(guid, 0))) as { server_id: number };
  const mins = Array.from({ length: minutes }, (_, k) => now - k * 60);
  await c.pool(mins, (m) => c.call('POST', '/collector/batches', batch(guid, 0, m, 5)));
  return server_id;
}

/** `n` servers, each with one minute at `now` (so the overview has figures for every row). */
export async function seedFleet(c: Client, n: number, now: number): Promise<void> {
  const guids = Array.from({ length: n }, (_, i) => `fleet-${String(i).padStart(4, '0')}`);
  await c.pool(guids, async (g) => {
    await c.call('POST', '/collector/register', registration(g, Number(g.slice(6))));
    await c.call('POST', '/collector/batches', batch(g, Number(g.slice(6)), now, 0));
  });
}
