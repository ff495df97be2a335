import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedServerRow, startTestService, type TestService } from '../testing/harness';

let svc: TestService;
let s1: number;
let s2: number;
let foreign: number;
beforeAll(async () => {
  svc = await startTestService();
  s1 = await seedServerRow(svc.sql, svc.account.id, { hostname: 'web-1' });
  s2 = await seedServerRow(svc.sql, svc.account.id, { hostname: 'web-2' });
  foreign = await seedServerRow(svc.sql, svc.other.id, { hostname: 'theirs' });
});
afterAll(() => svc.close());

const count = async () => (await svc.request('GET', '/api/logs/')).body.pagination.count as number;

describe('logs', () => {
  it('creates, reads, lists, updates and deletes a log', async () => {
    const c = await svc.request('POST', '/api/logs/', { form: { server: s1, type: 'FILE', source: '/var/log/syslog' } });
    expect(c.status).toBe(201);
    const id = c.body.id;
    expect(c.body).toEqual({ id, server_id: s1, source_type: 'FILE', source: '/var/log/syslog', limit: 2000, resource_url: `/api/v5/logs/${id}/` });

    const g = await svc.request('GET', `/api/v5/logs/${id}`);
    expect(g.body).toEqual({ id, server_id: s1, source_type: 'FILE', source: '/var/log/syslog', limit: 2000, url: `/api/v5/logs/${id}/` });
    expect((await svc.request('GET', '/api/logs/')).body.data).toContainEqual(g.body);
    expect((await svc.request('GET', `/api/logs/?server=${s2}`)).body.data).not.toContainEqual(g.body);

    const u = await svc.request('PUT', `/api/logs/${id}/`, { form: { server: s2, type: 'SYSLOG', source: '514', limit: 50 } });
    expect(u.status).toBe(200);
    expect(u.body).toEqual({ id, server_id: s2, source_type: 'SYSLOG', source: '514', limit: 50, resource_url: `/api/v5/logs/${id}/` });

    const reset = await svc.request('PUT', `/api/logs/${id}/`, { form: { server: s2, type: 'SYSLOG', source: '514' } });
    expect(reset.body.limit).toBe(2000);

    const d = await svc.request('DELETE', `/api/logs/${id}/`);
    expect(d).toMatchObject({ status: 200, body: { result: 'Success' } });
    expect((await svc.request('GET', `/api/logs/${id}/`)).status).toBe(404);
  });

  it('answers the existing log for the same server, type and source', async () => {
    const a = await svc.request('POST', '/api/logs/', { form: { server: s1, type: 'EVENTLOG', source: 'System', limit: 10 } });
    expect(a.status).toBe(201);
    const before = await count();
    // Canonical forms are compared: case of the type and of EVENTLOG names does not make a new log.
    const b = await svc.request('POST', '/api/logs/', { json: { server: s1, type: 'eventlog', source: 'system' } });
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(await count()).toBe(before);
    const port = await svc.request('POST', '/api/logs/', { form: { server: s1, type: 'SYSLOG', source: '0514' } });
    expect(port.body.source).toBe('514');
  });

  it('refuses an update onto another log identity with 409 and changes nothing', async () => {
    const a = await svc.request('POST', '/api/logs/', { form: { server: s2, type: 'FILE', source: '/a.log' } });
    const b = await svc.request('POST', '/api/logs/', { form: { server: s2, type: 'FILE', source: '/b.log' } });
    const u = await svc.request('PUT', `/api/logs/${b.body.id}/`, { form: { server: s2, type: 'FILE', source: '/a.log' } });
    expect(u.status).toBe(409);
    expect(u.body.error).toEqual({ status: 409, message: `log ${a.body.id} already has this server, type and source`, field: 'source' });
    expect((await svc.request('GET', `/api/logs/${b.body.id}/`)).body.source).toBe('/b.log');
  });

  it.each([
    ['EVENTLOG', 'Application'],
    ['EVENTLOG', 'Security'],
    ['SYSLOG', '1'],
    ['SYSLOG', '65535'],
    ['FILE', '/var/log/app/x.log'],
    ['FILE', 'C:\\logs\\app.log'],
    ['FILE', '\\\\fileserver\\share\\app.log'],
  ])('accepts %s source %s', async (type, source) => {
    const r = await svc.request('POST', '/api/logs/', { form: { server: s1, type, source } });
    expect([200, 201]).toContain(r.status);
    expect(r.body.source).toBe(source);
  });

  const ok = () => ({ server: s1, type: 'FILE', source: '/ok.log' });
  it.each([
    [{ type: 'FILE', source: '/x' }, 'server', 'server is required'],
    [{ server: 'abc', type: 'FILE', source: '/x' }, 'server', 'server must be an integer'],
    [{ server: 99999999, type: 'FILE', source: '/x' }, 'server', 'server: no server with id 99999999'],
    [{ server: 'FOREIGN', type: 'FILE', source: '/x' }, 'server', 'server: no server with id FOREIGN'],
    [{ server: 'S1', source: '/x' }, 'type', 'type is required'],
    [{ server: 'S1', type: 'TEXT', source: '/x' }, 'type', 'type must be EVENTLOG, SYSLOG or FILE (AFSQL and AFURL logs come from the transactions setting)'],
    [{ server: 'S1', type: 'AFSQL', source: '/x' }, 'type', 'type must be EVENTLOG, SYSLOG or FILE (AFSQL and AFURL logs come from the transactions setting)'],
    [{ server: 'S1', type: 'FILE' }, 'source', 'source is required'],
    [{ server: 'S1', type: 'EVENTLOG', source: 'Setup' }, 'source', 'source must be Application, System or Security for EVENTLOG'],
    [{ server: 'S1', type: 'SYSLOG', source: '0' }, 'source', 'source must be a port number 1-65535 for SYSLOG'],
    [{ server: 'S1', type: 'SYSLOG', source: '65536' }, 'source', 'source must be a port number 1-65535 for SYSLOG'],
    [{ server: 'S1', type: 'SYSLOG', source: 'udp' }, 'source', 'source must be a port number 1-65535 for SYSLOG'],
    [{ server: 'S1', type: 'FILE', source: 'relative/x.log' }, 'source', 'source must be an absolute file path (at most 4096 characters) for FILE'],
    [{ server: 'S1', type: 'FILE', source: '' }, 'source', 'source must be an absolute file path (at most 4096 characters) for FILE'],
    [{ server: 'S1', type: 'FILE', source: `/${'a'.repeat(4096)}` }, 'source', 'source must be an absolute file path (at most 4096 characters) for FILE'],
    [{ server: 'S1', type: 'FILE', source: '/x', limit: 0 }, 'limit', 'limit must be between 1 and 100000'],
    [{ server: 'S1', type: 'FILE', source: '/x', limit: 100001 }, 'limit', 'limit must be between 1 and 100000'],
    [{ server: 'S1', type: 'FILE', source: '/x', limit: '1.5' }, 'limit', 'limit must be an integer'],
  ])('refuses %j with 400 on %s (POST and PUT)', async (raw, field, message) => {
    const sub = (v: unknown) => (v === 'S1' ? s1 : v === 'FOREIGN' ? foreign : v);
    const form = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, sub(v)]));
    const msg = message.replace('FOREIGN', String(foreign));
    const target = await svc.request('POST', '/api/logs/', { form: ok() });
    const before = await count();
    const p = await svc.request('POST', '/api/logs/', { form });
    expect(p.status).toBe(400);
    expect(p.body).toEqual({ error: { status: 400, message: msg, field } });
    expect(await count()).toBe(before);
    const u = await svc.request('PUT', `/api/logs/${target.body.id}/`, { form });
    expect(u.status).toBe(400);
    expect(u.body.error.field).toBe(field);
    expect((await svc.request('GET', `/api/logs/${target.body.id}/`)).body.source).toBe('/ok.log');
  });

  it("hides another account's log", async () => {
    const theirs = await svc.request('POST', '/api/logs/', { form: { server: foreign, type: 'FILE', source: '/t.log' }, as: svc.other });
    expect(theirs.status).toBe(201);
    for (const m of ['GET', 'PUT', 'DELETE'] as const) {
      const r = await svc.request(m, `/api/logs/${theirs.body.id}/`, { form: { server: s1, type: 'FILE', source: '/mine.log' } });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: { status: 404, message: 'log not found' } });
    }
    expect((await svc.request('GET', '/api/logs/99999999/')).body).toEqual({ error: { status: 404, message: 'log not found' } });
    expect((await svc.request('GET', '/api/logs/')).body.data.map((l: { id: number }) => l.id)).not.toContain(theirs.body.id);
    expect((await svc.request('GET', `/api/logs/${theirs.body.id}/`, { as: svc.other })).body.source).toBe('/t.log');
  });

  it('drops the logs of a deleted server from the answers', async () => {
    const s3 = await seedServerRow(svc.sql, svc.account.id, { hostname: 'gone' });
    const c = await svc.request('POST', '/api/logs/', { form: { server: s3, type: 'FILE', source: '/gone.log' } });
    expect((await svc.request('DELETE', `/api/servers/${s3}/`)).status).toBe(200);
    expect((await svc.request('GET', `/api/logs/${c.body.id}/`)).status).toBe(404);
  });

  it('pages the list', async () => {
    const all = (await svc.request('GET', '/api/logs/')).body;
    const p = await svc.request('GET', '/api/logs/?limit=1&page=1');
    expect(p.body.pagination).toMatchObject({ count: all.pagination.count, previous: '/api/v5/logs/?limit=1&page=0' });
    expect(p.body.data).toEqual([all.data[1]]);
  });

  it('requires authentication', async () => {
    expect((await svc.request('GET', '/api/logs/', { as: null })).status).toBe(401);
    expect((await svc.request('POST', '/api/logs/', { as: null, form: { server: s1, type: 'FILE', source: '/x' } })).status).toBe(401);
  });
});
