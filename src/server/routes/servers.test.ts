import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { batchFor, postBatch, registerTestServer } from '../testing/ingest';

let svc: TestService;
let server: number;
let owner: number;
beforeAll(async () => {
  svc = await startTestService();
  server = await registerTestServer(svc, 'srv-1', undefined, { hostname: 'web-1' });
  owner = (await svc.request('GET', '/api/users/')).body.data[0].id;
});
afterAll(() => svc.close());

describe('servers', () => {
  it('reads a server with every field of the spec and running from its uploads', async () => {
    const before = await svc.request('GET', `/api/servers/${server}/`);
    expect(before.body).toMatchObject({ id: server, hostname: 'web-1', os: 'Linux', running: false, url: `/api/v5/servers/${server}/` });
    for (const f of ['created', 'nickname', 'description', 'capacity_mem', 'capacity_cpu_num', 'capacity_cpu_freq', 'capacity_disks',
      'current_version', 'location_ip', 'os_detail', 'arch', 'guid', 'network_interfaces']) {
      expect(before.body).toHaveProperty(f);
    }
    await postBatch(svc, batchFor('srv-1', Math.floor(Date.now() / 60_000) * 60 - 60));
    expect((await svc.request('GET', `/api/servers/${server}/`)).body.running).toBe(true);
  });

  it('updates nickname and description only', async () => {
    const ro = await svc.request('PUT', `/api/servers/${server}/`, { form: { nickname: 'front', hostname: 'evil' } });
    expect(ro.body).toEqual({ error: { status: 400, message: 'hostname is read-only', field: 'hostname' } });
    const u = await svc.request('PUT', `/api/servers/${server}/`, { form: { nickname: 'front', description: 'edge node' } });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ nickname: 'front', description: 'edge node', hostname: 'web-1' });
    const bad = await svc.request('PUT', `/api/servers/${server}/`, { form: { nickname: 'x'.repeat(300) } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('nickname');
  });

  it('filters the list by hostname and location_ip', async () => {
    expect((await svc.request('GET', '/api/servers/?hostname=web-1')).body.pagination.count).toBe(1);
    expect((await svc.request('GET', '/api/servers/?hostname=nope')).body.pagination.count).toBe(0);
    expect((await svc.request('GET', '/api/servers/?location_ip=127.0.0.1')).body.pagination.count).toBe(1);
  });

  it("hides another account's server", async () => {
    for (const m of ['GET', 'PUT', 'DELETE'] as const) {
      const r = await svc.request(m, `/api/servers/${server}/`, { as: svc.other, form: { nickname: 'x' } });
      expect(r.status).toBe(404);
    }
    expect((await svc.request('GET', `/api/servers/${server}/tags/`, { as: svc.other })).status).toBe(404);
  });

  it('deletes a server with its alerts; its collector is refused afterwards', async () => {
    const a = await svc.request('POST', '/api/alerts/', {
      form: { name: 'cpu', type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 90, users: [owner] },
    });
    expect(a.status).toBe(201);
    expect((await svc.request('DELETE', `/api/servers/${server}/`)).status).toBe(200);
    expect((await svc.request('GET', `/api/servers/${server}/`)).status).toBe(404);
    expect((await svc.request('GET', `/api/alerts/${a.body.id}/`)).status).toBe(404);
    expect((await postBatch(svc, batchFor('srv-1', Math.floor(Date.now() / 60_000) * 60))).status).toBe(410);
  });
});
