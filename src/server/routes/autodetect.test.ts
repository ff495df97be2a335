import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessSample } from '../../shared/ingest';
import { startTestService, type TestService } from '../testing/harness';
import { batchFor, postBatch, registerTestServer } from '../testing/ingest';

const T0 = Math.floor(Date.now() / 1000 / 60) * 60 - 600;
let svc: TestService;
let web: number;
let db: number;
let theirs: number;

const proc = (pid: number, name: string, args: string | null = null): ProcessSample => ({ pid, create_time: 5000 + pid, name, args, cpu: 1 });

beforeAll(async () => {
  svc = await startTestService();
  web = await registerTestServer(svc, 'web');
  db = await registerTestServer(svc, 'db');
  theirs = await registerTestServer(svc, 'theirs', svc.other);
  await postBatch(svc, batchFor('web', T0, { processes: [proc(1, 'nginx', 'master'), proc(2, 'node', 'server.js')] }));
  await postBatch(svc, batchFor('db', T0, { processes: [proc(3, 'postgres', '-D /data'), proc(4, 'nginx')] }));
  await postBatch(svc, batchFor('theirs', T0, { processes: [proc(5, 'mongod')] }), { as: svc.other });
});
afterAll(() => svc.close());

const apps = async () => (await svc.request('GET', '/api/applications/')).body.data as { id: number; name: string; servers: number[]; template: number }[];

describe('GET /autodetect/applications/', () => {
  it('proposes the templates found on the given servers, as a JSON list', async () => {
    const r = await svc.request('GET', `/api/autodetect/applications/?s[]=${web}&s[]=${db}`);
    expect(r.status).toBe(200);
    expect(r.body.map((t: { name: string }) => t.name)).toEqual(['nginx', 'PostgreSQL', 'Node.js']);
    expect(r.body[0]).toEqual({
      id: 1,
      name: 'nginx',
      existing_process_groups: [],
      servers: [
        { id: web, nickname: 'host-web' },
        { id: db, nickname: 'host-db' },
      ],
      polled_data: [{ id: 1, name: 'check_http', detail: expect.stringContaining('check_http') }],
      logs: [
        { id: 1, name: 'access log', detail: '/var/log/nginx/access.log' },
        { id: 2, name: 'error log', detail: '/var/log/nginx/error.log' },
      ],
      alerts: expect.arrayContaining([expect.objectContaining({ id: 1, name: expect.any(String), detail: expect.any(String) })]),
    });
    const one = await svc.request('GET', `/api/autodetect/applications/?s[]=${db}`);
    expect(one.body.map((t: { name: string }) => t.name)).toEqual(['nginx', 'PostgreSQL']);
    // Detection proposes; it creates nothing.
    expect(await apps()).toEqual([]);
  });

  it.each([
    ['', 's', 's is required'],
    ['?s[]=abc', 's', 'each id in s must be an integer'],
    ['?s[]=99999999', 's', 's: no server with id 99999999'],
  ])('refuses %j with 400', async (qs, field, message) => {
    const r = await svc.request('GET', `/api/autodetect/applications/${qs}`);
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ status: 400, message, field });
  });

  it("refuses another account's server", async () => {
    const r = await svc.request('GET', `/api/autodetect/applications/?s[]=${theirs}`);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(`s: no server with id ${theirs}`);
  });
});

describe('PUT /autodetect/resources/', () => {
  it('creates a process group with its logs and checks, then extends it', async () => {
    const r = await svc.request('PUT', '/api/autodetect/resources/', {
      form: { app_id: 1, new_process_group_name: 'Front web', servers: [web], logs: [1], polled_data: [1], alerts: [1, 2] },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: 'success' });
    const group = (await apps()).find((a) => a.name === 'Front web')!;
    expect(group).toMatchObject({ template: 1, servers: [web] });
    const logs = (await svc.request('GET', '/api/logs/')).body.data;
    expect(logs).toContainEqual(expect.objectContaining({ server_id: web, source_type: 'FILE', source: '/var/log/nginx/access.log' }));
    const cfg = (await svc.request('GET', `/api/servers/${web}/polled_data_config/`)).body;
    expect(cfg.file_path).toBe('/etc/monitoring/polled-data.cfg');
    expect(cfg.file_contents).toContain('command[check_http]=');
    // The chosen alerts are set up on the group, notifying the account owner.
    const alertsOf = async () => (await svc.request('GET', `/api/alerts/?filter_name=application_id&filter_id=${group.id}`)).body.data;
    const owner = (await svc.request('GET', '/api/users/')).body.data.find((u: { is_account_owner: boolean }) => u.is_account_owner);
    expect(await alertsOf()).toEqual([
      expect.objectContaining({ type: 'Application', target_id: group.id, trigger_type: 'Processes', direction: 'below', threshold: 1, users: [expect.objectContaining({ id: owner.id, sendemail: true })] }),
      expect.objectContaining({ type: 'Application', target_id: group.id, trigger_type: 'CPU', threshold: 80 }),
    ]);

    const x = await svc.request('PUT', '/api/autodetect/resources/', { form: { app_id: 1, process_group_id: group.id, servers: [db], polled_data: [1], alerts: [1] } });
    expect(x.body).toEqual({ message: 'success' });
    expect(await alertsOf()).toHaveLength(2); // an alert the group already has is not duplicated
    expect((await apps()).find((a) => a.id === group.id)!.servers).toEqual([web, db]);
    // Applying the same check twice keeps one line.
    await svc.request('PUT', '/api/autodetect/resources/', { form: { app_id: 1, process_group_id: group.id, servers: [db], polled_data: [1] } });
    const lines = (await svc.request('GET', `/api/servers/${db}/polled_data_config/`)).body.file_contents.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);

    const listed = await svc.request('GET', `/api/autodetect/applications/?s[]=${web}`);
    expect(listed.body[0].existing_process_groups).toEqual([{ id: group.id, name: 'Front web', url: `/api/v5/applications/${group.id}/` }]);
  });

  it.each([
    [{ new_process_group_name: 'x', servers: '[]' }, 'app_id', 'app_id is required'],
    [{ app_id: 999, new_process_group_name: 'x', servers: '[]' }, 'app_id', 'app_id: no application template with id 999'],
    [{ app_id: 1, servers: '[]' }, 'new_process_group_name', 'new_process_group_name is required'],
    [{ app_id: 1, new_process_group_name: 'x', process_group_id: 1, servers: '[]' }, 'process_group_id', 'process_group_id must not be given with new_process_group_name'],
    [{ app_id: 1, new_process_group_name: '', servers: '[]' }, 'new_process_group_name', 'new_process_group_name must be 1-64 characters'],
    [{ app_id: 1, new_process_group_name: 'x' }, 'servers', 'servers is required'],
    [{ app_id: 1, new_process_group_name: 'x', servers: '[99999999]' }, 'servers', 'servers: no server with id 99999999'],
    [{ app_id: 1, new_process_group_name: 'x', servers: '[]', logs: '[7]' }, 'logs', 'logs: the template offers no suggestion with id 7'],
    [{ app_id: 1, new_process_group_name: 'x', servers: '[]', alerts: '[9]' }, 'alerts', 'alerts: the template offers no suggestion with id 9'],
    [{ app_id: 1, new_process_group_name: 'x', servers: '[]', polled_data: 'x' }, 'polled_data', 'polled_data must be a JSON list'],
    [{ app_id: 1, process_group_id: 99999999, servers: '[]' }, 'process_group_id', 'process_group_id: no process group 99999999 of template 1'],
  ])('refuses %j with 400 and stores nothing', async (form, field, message) => {
    const before = (await apps()).length;
    const r = await svc.request('PUT', '/api/autodetect/resources/', { form });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ status: 400, message, field });
    expect((await apps()).length).toBe(before);
  });

  it("refuses another account's server and process group", async () => {
    await svc.request('PUT', '/api/autodetect/resources/', { form: { app_id: 7, new_process_group_name: 'their mongo', servers: [theirs] }, as: svc.other });
    const theirGroup = (await svc.request('GET', '/api/applications/', { as: svc.other })).body.data[0].id;
    const a = await svc.request('PUT', '/api/autodetect/resources/', { form: { app_id: 7, new_process_group_name: 'x', servers: [theirs] } });
    expect(a.body.error.field).toBe('servers');
    const b = await svc.request('PUT', '/api/autodetect/resources/', { form: { app_id: 7, process_group_id: theirGroup, servers: [web] } });
    expect(b.body.error.field).toBe('process_group_id');
    expect((await svc.request('GET', `/api/applications/${theirGroup}/`, { as: svc.other })).body.servers).toEqual([theirs]);
  });
});

describe('server and server-set detection', () => {
  it('detects on a server, ignoring tenant, and 404s for another account', async () => {
    const r = await svc.request('GET', `/api/v5/servers/${db}/auto_detection/?tenant=${svc.other.id}`);
    expect(r.status).toBe(200);
    expect(r.body.sort()).toEqual(['Front web', 'PostgreSQL']);
    expect((await svc.request('GET', `/api/servers/${db}/auto_detection/?tenant=abc`)).body.error.field).toBe('tenant');
    const other = await svc.request('GET', `/api/servers/${theirs}/auto_detection/`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual((await svc.request('GET', '/api/servers/99999999/auto_detection/')).body);
  });

  it('runs detection on the servers of a set with auto_detection on', async () => {
    const tag = (await svc.request('POST', '/api/server_tags/', { form: { name: 'web', servers: [web] } })).body.id;
    const off = await svc.request('POST', '/api/server_sets/', { form: { name: 'off', server_tags: [tag] } });
    // Only the group set up by hand runs there so far: nothing was detected.
    expect(off.body.applications).toEqual([(await apps()).find((a) => a.name === 'Front web')!.id]);
    expect((await apps()).find((a) => a.name === 'Node.js')).toBeUndefined();
    const on = await svc.request('PUT', `/api/server_sets/${off.body.id}/`, { form: { name: 'on', server_tags: [tag], auto_detection: true } });
    const byName = new Map((await apps()).map((a) => [a.name, a]));
    expect(byName.get('Node.js')!.servers).toEqual([web]);
    expect(on.body.applications).toEqual([byName.get('Front web')!.id, byName.get('Node.js')!.id].sort((a, b) => a - b));
    const asked = await svc.request('GET', `/api/server_sets/${off.body.id}/auto_detection/`);
    expect(asked.body.applications).toEqual(on.body.applications);
  });

  it('requires authentication', async () => {
    expect((await svc.request('GET', `/api/servers/${web}/auto_detection/`, { as: null })).status).toBe(401);
    expect((await svc.request('GET', `/api/autodetect/applications/?s[]=${web}`, { as: null })).status).toBe(401);
    expect((await svc.request('PUT', '/api/autodetect/resources/', { as: null, form: { app_id: 1 } })).status).toBe(401);
  });
});
