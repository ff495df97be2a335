import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topologyWindow } from '../services/topology';
import { eventServer, sendEvents, type EventServer } from '../testing/event-batches';
import { startTestService, type TestAccount, type TestService } from '../testing/harness';

let svc: TestService;
const E = 1_700_000_040;
let web: EventServer;
let db: EventServer;
let cache: EventServer;
const ids: Record<string, number> = {};

const proc = (pid: number, create_time: number, name: string) => ({ pid, create_time, name, args: null, cpu: 1 });
const conn = (pid: number, create_time: number, role: 'client' | 'server', local: [string, number], peer: [string, number]) => ({
  pid, create_time, role, local_ip: local[0], local_port: local[1], peer_ip: peer[0], peer_port: peer[1],
});

async function detect(s: EventServer, as: TestAccount) {
  const r = await svc.request('GET', `/api/v5/servers/${s.id}/auto_detection/`, { as });
  expect(r.status).toBe(200);
}

beforeAll(async () => {
  svc = await startTestService();
  web = await eventServer(svc, svc.account, 'web', '10.0.0.1');
  db = await eventServer(svc, svc.account, 'db', '10.0.0.3');
  cache = await eventServer(svc, svc.account, 'cache', '10.0.0.4');
  const nginx = proc(10, 1, 'nginx');
  // Two hours earlier: one nginx -> postgres socket.
  await sendEvents(svc, web, E - 7200, { processes: [nginx], connections: [conn(10, 1, 'client', ['10.0.0.1', 41000], ['10.0.0.3', 5432])] });
  await sendEvents(svc, db, E - 7200, { processes: [proc(20, 2, 'postgres')], connections: [conn(20, 2, 'server', ['10.0.0.3', 5432], ['10.0.0.1', 41000])] });
  await sendEvents(svc, web, E, {
    processes: [nginx, proc(11, 1, 'sshd')],
    connections: [
      conn(10, 1, 'client', ['10.0.0.1', 42000], ['10.0.0.3', 5432]),
      conn(10, 1, 'client', ['10.0.0.1', 43000], ['10.0.0.4', 6379]),
      // Unpaired (no server side seen) and unmatched (sshd belongs to no group): ignored.
      conn(10, 1, 'client', ['10.0.0.1', 44000], ['192.0.2.9', 443]),
      conn(11, 1, 'client', ['10.0.0.1', 45000], ['10.0.0.4', 6379]),
    ],
  });
  await sendEvents(svc, db, E, { processes: [proc(20, 2, 'postgres')], connections: [conn(20, 2, 'server', ['10.0.0.3', 5432], ['10.0.0.1', 42000])] });
  await sendEvents(svc, cache, E, {
    processes: [proc(30, 3, 'redis-server')],
    connections: [conn(30, 3, 'server', ['10.0.0.4', 6379], ['10.0.0.1', 43000]), conn(30, 3, 'server', ['10.0.0.4', 6379], ['10.0.0.1', 45000])],
  });
  for (const s of [web, db, cache]) await detect(s, svc.account);
  const apps = await svc.request('GET', '/api/applications/');
  for (const a of apps.body.data as { id: number; name: string }[]) ids[a.name] = a.id;
  // Another tenant with the same addresses and software.
  const theirWeb = await eventServer(svc, svc.other, 'their-web', '10.0.0.1');
  const theirDb = await eventServer(svc, svc.other, 'their-db', '10.0.0.3');
  await sendEvents(svc, theirWeb, E, { processes: [nginx], connections: [conn(10, 1, 'client', ['10.0.0.1', 42000], ['10.0.0.3', 5432])] });
  await sendEvents(svc, theirDb, E, { processes: [proc(20, 2, 'postgres')], connections: [conn(20, 2, 'server', ['10.0.0.3', 5432], ['10.0.0.1', 42000])] });
  await detect(theirWeb, svc.other);
  await detect(theirDb, svc.other);
});
afterAll(() => svc.close());

const topology = (qs = '', as?: TestAccount) => svc.request('GET', `/api/application_topology?${qs}`, { as });
const pairs = (r: { body: { connections: { client_id: number; server_id: number; sockets: unknown[] }[] } }) =>
  r.body.connections.map((c) => [c.client_id, c.server_id, c.sockets.length]);

describe('GET /application_topology', () => {
  it('connects process groups whose sockets pair, over the last 60 minutes by default', async () => {
    expect(Object.keys(ids).sort()).toEqual(['PostgreSQL', 'Redis', 'nginx']);
    const r = await topology();
    expect(r.status).toBe(200);
    expect(r.body.nodes).toEqual(expect.arrayContaining([{ name: 'nginx', id: ids.nginx }, { name: 'PostgreSQL', id: ids.PostgreSQL }]));
    expect(r.body.nodes).toHaveLength(3);
    expect(pairs(r)).toEqual([[ids.nginx, ids.PostgreSQL, 1], [ids.nginx, ids.Redis, 1]].sort((a, b) => a[1]! - b[1]!));
    const pg = r.body.connections.find((c: { server_id: number }) => c.server_id === ids.PostgreSQL);
    expect(pg.sockets[0]).toEqual({
      client: { ip: '10.0.0.1', port: 42000, server_id: web.id, pid: 10, uid: `${web.id}_10_1` },
      server: { ip: '10.0.0.3', port: 5432, server_id: db.id, pid: 20, uid: `${db.id}_20_2` },
    });
  });

  it.each([
    ['num=180', 2],
    [`start=${E - 7200}&end=${E - 7200}`, 1],
    [`start=${E - 7200}&num=1`, 1],
    [`end=${E - 60}&num=10`, 0],
  ])('%s gives %i nginx -> PostgreSQL sockets', async (qs, n) => {
    const r = await topology(qs);
    const pg = r.body.connections.find((c: { server_id: number }) => c.server_id === ids.PostgreSQL);
    expect(pg?.sockets.length ?? 0).toBe(n);
  });

  it('restricts to the given process groups, in each of the accepted forms', async () => {
    for (const qs of [`process_groups[]=${ids.nginx}&process_groups[]=${ids.Redis}`, `process_groups=${encodeURIComponent(JSON.stringify([ids.nginx, ids.Redis]))}`]) {
      const r = await topology(qs);
      expect(r.status).toBe(200);
      expect(r.body.nodes.map((n: { id: number }) => n.id).sort()).toEqual([ids.nginx, ids.Redis].sort());
      expect(pairs(r)).toEqual([[ids.nginx, ids.Redis, 1]]);
    }
  });

  it.each([
    ['num=0', 'num'],
    ['num=1441', 'num'],
    ['start=abc', 'start'],
    ['end=-1', 'end'],
    ['process_groups[]=abc', 'process_groups'],
    ['process_groups[]=999999', 'process_groups'],
    [`start=0&end=${E}`, 'end'],
    [`start=${E}&end=${E - 60}`, 'end'],
  ])('refuses %s with 400 on %s', async (qs, field) => {
    const r = await topology(qs);
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe(field);
  });

  it('keeps tenants apart: another account\'s group id is refused, its sockets never pair with ours', async () => {
    const theirs = await topology('', svc.other);
    expect(theirs.body.nodes.map((n: { name: string }) => n.name).sort()).toEqual(['PostgreSQL', 'nginx']);
    expect(theirs.body.connections).toHaveLength(1);
    expect(theirs.body.connections[0].sockets).toHaveLength(1);
    const theirId = theirs.body.nodes[0].id;
    const r = await topology(`process_groups[]=${theirId}`);
    expect(r.status).toBe(400);
    expect((await topology('', null as unknown as TestAccount)).status).toBe(401);
  });
});

describe('topologyWindow', () => {
  it.each([
    [{}, E, { from: E - 59 * 60, to: E }],
    [{ num: 1 }, E, { from: E, to: E }],
    [{ start: E - 600 }, E, { from: E - 600, to: E - 600 + 59 * 60 }],
    [{ start: E, end: E - 60 }, E, null],
    [{}, null, null],
  ])('%j with latest %s -> %j', (q, latest, expected) => {
    expect(topologyWindow(q, latest)).toEqual(expected);
  });
});

describe('the default window right after start-up', () => {
  it('is not emptied by a collector streaming "now" ahead of the fleet still filling in', async () => {
    // A host in no group streams three hours ahead, then a web-server host in the nginx group too:
    // the newest hour pairs nothing, so the default steps back to the fleet's own latest minute.
    const local = await eventServer(svc, svc.account, 'local', '10.0.0.9');
    await sendEvents(svc, local, E + 3 * 3600, { processes: [proc(90, 9, 'sshd')], connections: [conn(90, 9, 'client', ['10.0.0.9', 50000], ['10.0.0.1', 22])] });
    const before = pairs(await topology());
    expect(before).toEqual([[ids.nginx, ids.PostgreSQL, 1], [ids.nginx, ids.Redis, 1]].sort((a, b) => a[1]! - b[1]!));
    await sendEvents(svc, web, E + 2 * 3600, { processes: [proc(10, 1, 'nginx')], connections: [conn(10, 1, 'client', ['10.0.0.1', 46000], ['192.0.2.9', 443])] });
    expect(pairs(await topology())).toEqual(before);
    // An explicit window is answered as asked, even empty.
    expect(pairs(await topology(`end=${E + 2 * 3600}`))).toEqual([]);
  });
});
