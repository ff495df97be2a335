import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAlertTargetRows, type AlertTargets } from '../testing/alert-seeds';
import { startTestService, type TestService } from '../testing/harness';

let svc: TestService;
let t: AlertTargets;
let theirs: AlertTargets;
beforeAll(async () => {
  svc = await startTestService();
  t = await seedAlertTargetRows(svc.sql, svc.account.id, 'web-1');
  theirs = await seedAlertTargetRows(svc.sql, svc.other.id, 'their-1');
});
afterAll(() => svc.close());

const base = () => ({ name: 'cpu', type: 'Server', target_id: t.server, trigger_type: 'CPU', threshold: 75, users: [t.owner] });
const count = async () => (await svc.request('GET', '/api/alerts/')).body.pagination.count as number;

describe('alerts: create and read', () => {
  it('creates a Server CPU alert with every default and reads it back', async () => {
    const c = await svc.request('POST', '/api/alerts/', { form: base() });
    expect(c.status).toBe(201);
    expect(c.body).toEqual({
      id: expect.any(Number),
      name: 'cpu',
      active: true,
      direction: 'above',
      type: 'Server',
      target: 'web-1 (Linux)',
      target_id: t.server,
      trigger: 'CPU above 75%',
      trigger_type: 'CPU',
      num_of_servers: 1,
      interval: 10,
      time_above_threshold: 1,
      threshold: 75,
      reg_exp: '',
      part_name: 'MAX',
      ip_details: '',
      last_triggered: null,
      in_incident: false,
      users: [{ id: t.owner, sendemail: true, sendsms: false, pushnotification: false }],
      subscribers: null,
      window_length: 1,
      window_units: 'h',
      band_value: 2,
      threshold_type: 'static',
      per_server: false,
      channels: [],
      escalation_policy: null,
      url: `/api/v5/alerts/${c.body.id}/`,
    });
    expect(Object.keys(c.body)).toEqual(Object.keys((await svc.request('GET', `/api/v5/alerts/${c.body.id}`)).body));
    expect((await svc.request('GET', `/api/alerts/${c.body.id}/`)).body).toEqual(c.body);
  });

  it.each([
    ['Server', () => t.server, 'Server Down', {}, 'web-1 (Linux)', 'Server Down'],
    ['Server', () => t.server, 'Disk', { threshold: '90.5', part_name: 'C:' }, 'web-1 (Linux)', 'Disk C: above 90.5%'],
    ['Server Tag', () => t.tag, 'Memory', { threshold: 85, num_of_servers: 2 }, 'tag web-1-tag (1 server)', 'Memory above 85% on 2 servers'],
    ['Log', () => t.log, 'Log Content', { reg_exp: 'panic|oops' }, 'FILE log /var/log/syslog on web-1', 'Log Content matches /panic|oops/'],
    ['Polled Data', () => t.polled, 'Nagios', { threshold: 2 }, 'check_load on web-1', 'Nagios status above CRITICAL'],
    ['Application', () => t.app, 'Processes', { threshold: 3, direction: 'Below' }, 'application shop', 'Processes below 3'],
    ['Process', () => t.process, 'Port Accessed', { ip_detail: '80, 443' }, 'nginx on web-1', 'Port Accessed: 80,443'],
    ['process', () => t.process, 'cpu', { threshold_type: 'Out-of-Band', direction: 'outside', window_length: 30, window_units: 'd', band_value: 3 }, 'nginx on web-1', 'CPU outside its 30d band (3.00 standard deviations)'],
  ])('creates a %s %s alert with its generated texts', async (type, target, trigger_type, extra, target_text, trigger) => {
    const c = await svc.request('POST', '/api/alerts/', { form: { name: 'a', type, target_id: target(), trigger_type, users: [t.owner], ...extra } });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ target: target_text, trigger, target_id: target() });
    expect(c.body.type.toLowerCase()).toBe(type.toLowerCase());
  });

  it('accepts users by e-mail (deprecated) and as objects, answering objects', async () => {
    const c = await svc.request('POST', '/api/alerts/', {
      json: { ...base(), users: ['OWNER@example.com', { id: t.owner, sendsms: 'true', pushnotification: 1 }] },
    });
    expect(c.status).toBe(201);
    expect(c.body.users).toEqual([{ id: t.owner, sendemail: true, sendsms: true, pushnotification: true }]);
  });

  it('accepts subscribers on create and never echoes a secret', async () => {
    const subscribers = ['https://hooks.example.com/a', { url: 'http://h.example.com/b', type: 'POST', event: 'resolved', secret: 's3cret', auth: btoa('u:p') }];
    const c = await svc.request('POST', '/api/alerts/', { form: { ...base(), subscribers } });
    expect(c.status).toBe(201);
    expect(c.body.subscribers).toEqual([
      { url: 'https://hooks.example.com/a', auth: null, type: 'get', event: 'BOTH', has_secret: false },
      { url: 'http://h.example.com/b', auth: btoa('u:p'), type: 'post', event: 'RESOLVED', has_secret: true },
    ]);
    expect(JSON.stringify(c.body)).not.toContain('s3cret');
  });

  it.each([
    [{ name: undefined }, 'name', 'name is required'],
    [{ name: '' }, 'name', 'name must be 1-32 characters'],
    [{ name: 'x'.repeat(33) }, 'name', 'name must be 1-32 characters'],
    [{ type: 'Disk' }, 'type', 'type must be one of Application, Process, Server, Polled Data, Log, Server Tag'],
    [{ type: undefined }, 'type', 'type is required'],
    [{ target_id: undefined }, 'target_id', 'target_id is required'],
    [{ target_id: 'abc' }, 'target_id', 'target_id must be the integer id of the server'],
    [{ target_id: 99999999 }, 'target_id', 'target_id: no server 99999999 in this account'],
    [{ type: 'Server Tag', target_id: () => t.server + 100000 }, 'target_id', /^target_id: no server tag/],
    [{ type: 'Log', target_id: () => t.log + 100000, trigger_type: 'Log Content' }, 'target_id', /^target_id: no log/],
    [{ type: 'Process', target_id: '1,2,3' }, 'target_id', 'target_id must be <server_id>,<pid>,<creation_time>,<process_name> for Process alerts'],
    [{ type: 'Process', target_id: () => `${t.server},x,3,nginx` }, 'target_id', /^target_id must be <server_id>/],
    [{ type: 'Process', target_id: () => `${theirs.server},1,2,nginx` }, 'target_id', /^target_id: no process/],
    [{ type: 'Process', target_id: () => `${t.server},999,1,ghost` }, 'target_id', /^target_id: no process/],
    [{ type: 'Process', target_id: () => t.process.replace(/,nginx$/, ',wrongname') }, 'target_id', /^target_id: no process/],
    [{ type: 'Process', target_id: () => t.process.replace(/,nginx$/, ',NGINX') }, 'target_id', /^target_id: no process/],
    [{ trigger_type: 'Nope' }, 'trigger_type', /^trigger_type must be one of/],
    [{ trigger_type: 'Nagios' }, 'trigger_type', /^trigger_type Nagios is not allowed for type Server; use one of Server Down, CPU/],
    [{ type: 'Server Tag', target_id: () => t.tag, trigger_type: 'Disk' }, 'trigger_type', /not allowed for type Server Tag/],
    [{ users: undefined }, 'users', 'users is required'],
    [{ users: '[]' }, 'users', 'users must list at least one user'],
    [{ users: 'not json' }, 'users', 'users must be a JSON list'],
    [{ users: '[true]' }, 'users', /^each user in users must be/],
    [{ users: [99999999] }, 'users', 'users: no user profile with id 99999999'],
    [{ users: () => [theirs.owner] }, 'users', /^users: no user profile with id/],
    [{ users: ['nobody@example.com'] }, 'users', 'users: no user profile with e-mail nobody@example.com'],
    [{ users: () => [{ id: t.owner, sendsms: 'maybe' }] }, 'users', /^each user in users must give sendemail/],
    [{ threshold: 75.5 }, 'threshold', 'threshold must be an integer for CPU alerts (decimals only for Disk)'],
    [{ threshold: 'high' }, 'threshold', 'threshold must be a number'],
    [{ threshold: -1 }, 'threshold', /^threshold must be between 0/],
    [{ threshold_type: 'dynamic' }, 'threshold_type', 'threshold_type must be one of static, out of band'],
    [{ threshold_type: 'out of band', trigger_type: 'Server Down' }, 'threshold_type', 'threshold_type out of band is not allowed for Server Server Down alerts'],
    [{ type: 'Log', target_id: () => t.log, trigger_type: 'Number of Critical', threshold_type: 'out of band' }, 'threshold_type', /not allowed for Log/],
    [{ type: 'Polled Data', target_id: () => t.polled, trigger_type: 'Nagios', threshold_type: 'out of band' }, 'threshold_type', /not allowed for Polled Data Nagios/],
    [{ direction: 'sideways' }, 'direction', 'direction must be one of above, below, outside bounds'],
    [{ direction: 'outside bounds' }, 'direction', 'direction outside bounds needs threshold_type out of band'],
    [{ threshold_type: 'out of band', window_length: 24 }, 'window_length', 'window_length must be between 1 and 23 for window_units h'],
    [{ threshold_type: 'out of band', window_length: 32, window_units: 'd' }, 'window_length', 'window_length must be between 1 and 31'],
    [{ window_length: 0 }, 'window_length', 'window_length must be between 1 and 31'],
    [{ window_units: 'w' }, 'window_units', 'window_units must be one of h, d'],
    [{ band_value: 'wide' }, 'band_value', 'band_value must be a number'],
    [{ active: 'perhaps' }, 'active', 'active must be true or false'],
    [{ interval: 0 }, 'interval', 'interval must be between 1 and 10080'],
    [{ interval: 1.5 }, 'interval', 'interval must be an integer'],
    [{ time_above_threshold: -1 }, 'time_above_threshold', 'time_above_threshold must be between 0 and 1440'],
    [{ num_of_servers: 0 }, 'num_of_servers', 'num_of_servers must be between 1 and 100000'],
    [{ part_name: '' }, 'part_name', 'part_name must be 1-256 characters'],
    [{ reg_exp: '(unclosed' }, 'reg_exp', 'reg_exp must be a valid regular expression'],
    [{ ip_details: '80,http' }, 'ip_details', 'ip_details must be comma-separated port numbers 1-65535'],
    [{ ip_detail: '70000' }, 'ip_detail', 'ip_detail must be comma-separated port numbers 1-65535'],
    [{ subscribers: ['ftp://x.example.com/'] }, 'subscribers', 'each subscriber url must be an http or https URL'],
  ])('refuses %j with 400 on %s and stores nothing', async (change, field, message) => {
    const form: Record<string, unknown> = { ...base() };
    for (const [k, v] of Object.entries(change)) form[k] = typeof v === 'function' ? v() : v;
    const before = await count();
    const r = await svc.request('POST', '/api/alerts/', { form });
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe(field);
    if (typeof message === 'string') expect(r.body.error.message).toBe(message);
    else expect(r.body.error.message).toMatch(message);
    expect(await count()).toBe(before);
  });

  it("refuses every target of another account as missing", async () => {
    for (const [type, target_id, trigger_type] of [
      ['Server', theirs.server, 'CPU'], ['Server Tag', theirs.tag, 'CPU'], ['Log', theirs.log, 'Log Content'],
      ['Polled Data', theirs.polled, 'Nagios'], ['Application', theirs.app, 'CPU'], ['Process', theirs.process, 'CPU'],
    ] as const) {
      const r = await svc.request('POST', '/api/alerts/', { form: { ...base(), type, target_id, trigger_type } });
      expect(r.status, type).toBe(400);
      expect(r.body.error.field).toBe('target_id');
    }
  });
});

describe('alerts: list, filter, delete, isolation', () => {
  it('filters by the target object and pages', async () => {
    const onLog = await svc.request('POST', '/api/alerts/', { form: { ...base(), type: 'Log', target_id: t.log, trigger_type: 'Number of Critical' } });
    const onProcess = await svc.request('POST', '/api/alerts/', { form: { ...base(), type: 'Process', target_id: t.process, trigger_type: 'Process Termination' } });
    const [sid, pid, ct] = t.process.split(',');
    const byLog = await svc.request('GET', '/api/alerts/', { form: { filter_name: 'log_id', filter_id: t.log } });
    expect(byLog.body.data.map((a: { id: number }) => a.id)).toContain(onLog.body.id);
    expect(byLog.body.data.every((a: { type: string; target_id: number }) => a.type === 'Log' && a.target_id === t.log)).toBe(true);
    const byProc = await svc.request('GET', '/api/alerts/', { form: { filter_name: 'process_id', filter_id: `${sid}_${pid}_${ct}` } });
    expect(byProc.body.data.map((a: { id: number }) => a.id)).toContain(onProcess.body.id);
    const byServer = await svc.request('GET', '/api/alerts/', { form: { filter_name: 'server_id', filter_id: t.server } });
    expect(byServer.body.data.length).toBeGreaterThan(0);
    expect(byServer.body.data.every((a: { type: string }) => a.type === 'Server')).toBe(true);
    const none = await svc.request('GET', '/api/alerts/', { form: { filter_name: 'application_id', filter_id: 99999999 } });
    expect(none.body).toEqual({ pagination: { count: 0, next: null, previous: null }, data: [] });

    const total = await count();
    const p = await svc.request('GET', '/api/alerts/?limit=2&page=1');
    expect(p.body.data).toHaveLength(2);
    expect(p.body.pagination).toEqual({ count: total, next: total > 4 ? '/api/v5/alerts/?limit=2&page=2' : null, previous: '/api/v5/alerts/?limit=2&page=0' });
  });

  it.each([
    [{ filter_name: 'server_id' }, 'filter_id', 'filter_id is required'],
    [{ filter_id: 3 }, 'filter_name', 'filter_name is required'],
    [{ filter_name: 'tag_id', filter_id: 3 }, 'filter_name', /^filter_name must be one of application_id/],
    [{ filter_name: 'server_id', filter_id: 'x' }, 'filter_id', 'filter_id must be an integer'],
    [{ filter_name: 'process_id', filter_id: '12' }, 'filter_id', 'filter_id must be a process uid <server_id>_<pid>_<creation_time>'],
    [{ limit: 2501 }, 'limit', 'limit must be between 1 and 2500'],
  ])('list refuses %j', async (form, field, message) => {
    const r = await svc.request('GET', '/api/alerts/', { form });
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe(field);
    if (typeof message === 'string') expect(r.body.error.message).toBe(message);
    else expect(r.body.error.message).toMatch(message);
  });

  it('deletes an alert', async () => {
    const c = await svc.request('POST', '/api/alerts/', { form: base() });
    const d = await svc.request('DELETE', `/api/alerts/${c.body.id}/`);
    expect(d).toMatchObject({ status: 200, body: { result: 'Success' } });
    expect((await svc.request('GET', `/api/alerts/${c.body.id}/`)).status).toBe(404);
    expect((await svc.request('DELETE', `/api/alerts/${c.body.id}/`)).status).toBe(404);
  });

  it("hides another account's alert exactly like a missing one", async () => {
    const mine = await svc.request('POST', '/api/alerts/', { form: base() });
    const other = await svc.request('POST', '/api/alerts/', {
      as: svc.other,
      form: { name: 'theirs', type: 'Server', target_id: theirs.server, trigger_type: 'CPU', users: [theirs.owner] },
    });
    expect(other.status).toBe(201);
    const missing = await svc.request('GET', '/api/alerts/99999999/');
    for (const [m, form] of [['GET', undefined], ['PUT', { name: 'mine' }], ['DELETE', undefined]] as const) {
      const r = await svc.request(m, `/api/alerts/${other.body.id}/`, { form });
      expect(r.status).toBe(404);
      expect(r.body).toEqual(missing.body);
    }
    expect((await svc.request('GET', `/api/alerts/${other.body.id}/`, { as: svc.other })).body.name).toBe('theirs');
    const list = await svc.request('GET', '/api/alerts/');
    expect(list.body.data.map((a: { id: number }) => a.id)).not.toContain(other.body.id);
    expect(list.body.data.map((a: { id: number }) => a.id)).toContain(mine.body.id);
    const filtered = await svc.request('GET', '/api/alerts/', { form: { filter_name: 'server_id', filter_id: theirs.server } });
    expect(filtered.body.data).toEqual([]);
  });

  it('requires authentication', async () => {
    expect((await svc.request('GET', '/api/alerts/', { as: null })).status).toBe(401);
    expect((await svc.request('POST', '/api/alerts/', { as: null, form: base() })).status).toBe(401);
    expect((await svc.request('GET', '/api/alerts/1/', { as: null })).status).toBe(401);
  });
});
