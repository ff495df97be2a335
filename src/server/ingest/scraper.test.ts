import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAlerting } from '../alerting/start';
import { startTestService, type TestService } from '../testing/harness';
import { nodeExporterBody } from '../testing/node-exporter-body';
import { createScraper } from './scraper';

let svc: TestService;
let alerting: ReturnType<typeof startAlerting>;
let exporter: Server;
let base: string;
/** What the loopback node_exporter answers next: a step of the recorded body, a status, or a body. */
let answer: { step: number } | { status: number } | { text: string } | { hang: true } = { step: 0 };
let clock = Math.floor(Date.now() / 60_000) * 60 - 3600;

beforeAll(async () => {
  exporter = createServer((req, res) => {
    if ('hang' in answer) return res.writeHead(200).write('# HELP node_load1 1m load average.\n');
    if ('status' in answer) return res.writeHead(answer.status).end();
    res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
    res.end('text' in answer ? answer.text : nodeExporterBody(answer.step));
  });
  await new Promise<void>((r) => exporter.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(exporter.address() as AddressInfo).port}`;
  svc = await startTestService({ outboundNets: { allow: '127.0.0.0/8' } }, () => clock);
  alerting = startAlerting(svc.deps, { allowNets: '127.0.0.0/8' });
});
afterAll(async () => {
  await alerting.stop();
  await svc.close();
  await new Promise((r) => exporter.close(r));
});
beforeEach(() => {
  answer = { step: 0 };
});

const scraper = () => createScraper(svc.deps, { nowMs: () => clock * 1000 });
const addTarget = async (as = svc.account, path = '/metrics') => {
  const r = await svc.request('POST', '/api/v5/scrape_targets/', { as, form: { url: base + path, interval: 60 } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as number;
};
const target = async (id: number, as = svc.account) => (await svc.request('GET', `/api/v5/scrape_targets/${id}/`, { as })).body;

describe('the scraper', () => {
  it('makes a node_exporter host a server: registered at the first scrape, its minute stored at the second', async () => {
    const id = await addTarget();
    const theirs = await addTarget(svc.other);
    const s = scraper();

    const first = await s.runDue();
    expect(first.map((r) => [r.targetId, r.error, r.stored])).toEqual([
      [id, null, false],
      [theirs, null, false],
    ]);
    const t1 = await target(id);
    expect(t1).toMatchObject({ last_scrape: clock, last_error: null, server_id: expect.any(Number) });
    const serverId = t1.server_id as number;
    const server = (await svc.request('GET', `/api/v5/servers/${serverId}/`)).body;
    expect(server).toMatchObject({ hostname: 'web-07', os: 'Linux', os_detail: 'Debian GNU/Linux 12 (bookworm), Linux 6.1.0-18-amd64', capacity_mem: 8589934592 });
    // Each account's host is its own server: the other account's target made a server there, not here.
    expect((await target(theirs, svc.other)).server_id).not.toBe(serverId);
    expect((await svc.request('GET', `/api/v5/servers/${(await target(theirs, svc.other)).server_id}/`)).status).toBe(404);

    // Not due again before its interval.
    expect(await s.runDue()).toEqual([]);
    clock += 60;
    answer = { step: 1 };
    const second = await s.runDue();
    expect(second.find((r) => r.targetId === id)).toMatchObject({ error: null, stored: true, serverId });
    await alerting.idle();

    const minute = Math.floor(clock / 60) * 60;
    const data = await svc.request('GET', `/api/v5/servers/${serverId}/data/?T=Minute&start=${minute - 600}&end=${minute + 60}`);
    expect(data.status, JSON.stringify(data.body)).toBe(200);
    const rec = data.body.data.at(-1);
    expect(rec).toMatchObject({ time: minute, cpu: 15, memory: 2147483648 });
    expect(rec.disk_percent_part).toEqual({ '/': 75 });
    expect(rec.disk_busy).toEqual({ sda: 10 });
    expect(rec.socket_read_part).toEqual({ eth0: 1.2e6 });
    expect(rec.socket_write_part).toEqual({ eth0: 6e5 });
    const fleet = (await svc.request('GET', '/api/v5/servers/latest_data/')).body.data;
    expect(fleet.find((r: { server_id: number }) => r.server_id === serverId)).toMatchObject({ cpu: 15 });
  });

  it('records why a scrape failed on the target, and Server Down fires when the target stops answering', async () => {
    const id = await addTarget(svc.account, '/other');
    const s = scraper();
    await s.runDue();
    clock += 60;
    answer = { step: 1 };
    await s.runDue();
    const serverId = (await target(id)).server_id as number;
    const owner = (await svc.request('GET', '/api/users/')).body.data.find((u: { is_account_owner: boolean }) => u.is_account_owner).id;
    const alert = await svc.request('POST', '/api/alerts/', { form: { name: 'down', users: [owner], type: 'Server', target_id: serverId, trigger_type: 'Server Down', time_above_threshold: 1 } });
    expect(alert.status, JSON.stringify(alert.body)).toBe(201);

    answer = { status: 503 };
    for (let i = 0; i < 5; i++) {
      clock += 60;
      await s.runDue();
      await alerting.engine.checkServerDown();
    }
    expect((await target(id)).last_error).toBe('HTTP 503');
    expect((await svc.request('GET', `/api/alerts/${alert.body.id}/`)).body.in_incident).toBe(true);

    answer = { text: 'node_uname_info{nodename="x"} one\n' };
    clock += 60;
    await s.runDue();
    expect((await target(id)).last_error).toContain('not Prometheus text exposition: line 1: bad value "one"');
  });

  it('fails a scrape that takes too long or answers too much, and says so', async () => {
    const id = await addTarget(svc.account, '/limits');
    const small = createScraper(svc.deps, { nowMs: () => clock * 1000, limits: { maxBytes: 100 } });
    clock += 3600;
    expect((await small.runDue()).find((x) => x.targetId === id)?.error).toBe('the body exceeds 100 bytes');
    answer = { hang: true };
    const quick = createScraper(svc.deps, { nowMs: () => clock * 1000, limits: { timeoutMs: 300 } });
    clock += 3600;
    expect((await quick.runDue()).find((x) => x.targetId === id)?.error).toBe('timed out after 300 ms');
    expect((await target(id)).last_error).toBe('timed out after 300 ms');
  });

  it('refuses at scrape time an address the policy refuses (DNS or settings changed since the target was saved)', async () => {
    const id = await addTarget(svc.account, '/strict');
    const strict = createScraper(svc.deps, { nowMs: () => clock * 1000, policy: { allow: [], deny: [] } });
    clock += 3600;
    const r = await strict.runDue();
    expect(r.find((x) => x.targetId === id)?.error).toContain('refused by the network policy');
    expect((await target(id)).last_error).toContain('loopback and not allowed');
  });
});
