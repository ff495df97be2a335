import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAlertTargetRows, type AlertTargets } from '../testing/alert-seeds';
import { startTestService, type TestService } from '../testing/harness';

let svc: TestService;
let t: AlertTargets;
let second: number;
beforeAll(async () => {
  svc = await startTestService();
  t = await seedAlertTargetRows(svc.sql, svc.account.id, 'web-1');
  second = (await svc.sql.get<{ id: number }>(
    `INSERT INTO users (account_id, first_name, last_name, email, created) VALUES (?, 'Sam', 'Ops', 'sam@example.com', 0) RETURNING id`,
    svc.account.id,
  ))!.id;
});
afterAll(() => svc.close());

async function newAlert(extra: Record<string, unknown> = {}) {
  const r = await svc.request('POST', '/api/alerts/', {
    form: { name: 'disk', type: 'Server', target_id: t.server, trigger_type: 'Disk', threshold: 80, part_name: 'C:', users: [t.owner], ...extra },
  });
  expect(r.status).toBe(201);
  return r.body;
}

describe('alerts: update', () => {
  it('changes only the given values and regenerates the trigger text', async () => {
    const a = await newAlert();
    const u = await svc.request('PUT', `/api/alerts/${a.id}/`, { form: { threshold: '92.5', part_name: 'D:', active: 'false' } });
    expect(u.status).toBe(200);
    expect(u.body).toEqual({ ...a, threshold: 92.5, part_name: 'D:', active: false, trigger: 'Disk D: above 92.5%' });
    expect((await svc.request('GET', `/api/alerts/${a.id}/`)).body).toEqual(u.body);
  });

  it('accepts the spec spelling ip_detail on update', async () => {
    const a = await newAlert({ trigger_type: 'CPU', part_name: undefined, threshold: 50 });
    const u = await svc.request('PUT', `/api/alerts/${a.id}/`, { form: { ip_detail: '25, 587' } });
    expect(u.status).toBe(200);
    expect(u.body.ip_details).toBe('25,587');
    const bad = await svc.request('PUT', `/api/alerts/${a.id}/`, { form: { ip_detail: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('ip_detail');
  });

  it('updates every updatable value at once', async () => {
    const a = await newAlert({ trigger_type: 'CPU', part_name: undefined, threshold: 50 });
    const u = await svc.request('PUT', `/api/v5/alerts/${a.id}`, {
      json: {
        name: 'renamed', ip_details: '22', interval: 30, threshold: 60, part_name: 'X', time_above_threshold: 5,
        active: false, direction: 'BELOW', reg_exp: '^a', num_of_servers: 3,
        users: [{ id: second, sendsms: true }, t.owner],
      },
    });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({
      name: 'renamed', ip_details: '22', interval: 30, threshold: 60, part_name: 'X', time_above_threshold: 5,
      active: false, direction: 'below', reg_exp: '^a', num_of_servers: 3, trigger: 'CPU below 60%',
      users: [
        { id: second, sendemail: true, sendsms: true, pushnotification: false },
        { id: t.owner, sendemail: true, sendsms: false, pushnotification: false },
      ],
    });
  });

  it('sets subscribers as objects with defaults, keeps the secret hidden, and clears them with []', async () => {
    const a = await newAlert();
    const set = await svc.request('PUT', `/api/alerts/${a.id}/`, {
      form: { subscribers: ['http://cb.example.com/hook', { url: 'https://cb.example.com/x', event: 'TRIGGERED', type: 'post', secret: 'k' }] },
    });
    expect(set.status).toBe(200);
    expect(set.body.subscribers).toEqual([
      { url: 'http://cb.example.com/hook', auth: null, type: 'get', event: 'BOTH', has_secret: false },
      { url: 'https://cb.example.com/x', auth: null, type: 'post', event: 'TRIGGERED', has_secret: true },
    ]);
    const stored = (await svc.sql.get<{ subscribers: string }>('SELECT CAST(subscribers AS TEXT) AS subscribers FROM alerts WHERE id = ?', a.id))!;
    expect(JSON.parse(stored.subscribers)[1].secret).toBe('k');
    const other = await svc.request('PUT', `/api/alerts/${a.id}/`, { form: { name: 'still' } });
    expect(other.body.subscribers).toEqual(set.body.subscribers);
    const cleared = await svc.request('PUT', `/api/alerts/${a.id}/`, { form: { subscribers: '[]' } });
    expect(cleared.body.subscribers).toBeNull();
  });

  it.each([
    [{ type: 'Log' }, 'type', 'type cannot change after creation'],
    [{ target_id: 5 }, 'target_id', 'target_id cannot change after creation'],
    [{ trigger_type: 'CPU' }, 'trigger_type', 'trigger_type cannot change after creation'],
    [{ trigger: 'x' }, 'trigger', 'trigger cannot change after creation'],
    [{ threshold_type: 'out of band' }, 'threshold_type', 'threshold_type cannot be updated; create a new alert'],
    [{ window_length: 3 }, 'window_length', 'window_length cannot be updated; create a new alert'],
    [{ name: '' }, 'name', 'name must be 1-32 characters'],
    [{ name: 'x'.repeat(33) }, 'name', 'name must be 1-32 characters'],
    [{ interval: 'often' }, 'interval', 'interval must be an integer'],
    [{ direction: 'outside bounds' }, 'direction', 'direction outside bounds needs threshold_type out of band'],
    [{ direction: 'up' }, 'direction', 'direction must be one of above, below, outside bounds'],
    [{ reg_exp: '[' }, 'reg_exp', 'reg_exp must be a valid regular expression'],
    [{ ip_details: '0' }, 'ip_details', 'ip_details must be comma-separated port numbers 1-65535'],
    [{ users: '[]' }, 'users', 'users must list at least one user'],
    [{ users: [424242] }, 'users', 'users: no user profile with id 424242'],
    [{ subscribers: 'nope' }, 'subscribers', 'subscribers must be a JSON list'],
    [{ subscribers: [{ url: 'javascript:alert(1)' }] }, 'subscribers', 'each subscriber url must be an http or https URL'],
    [{ subscribers: [{ url: 'http://a.example.com', type: 'put' }] }, 'subscribers', 'each subscriber type must be get or post'],
    [{ subscribers: [{ url: 'http://a.example.com', event: 'ALWAYS' }] }, 'subscribers', 'each subscriber event must be TRIGGERED, RESOLVED or BOTH'],
    [{ subscribers: [{ url: 'http://a.example.com', auth: 'not base64!' }] }, 'subscribers', 'each subscriber auth must be base64 text of username:password'],
    [{ subscribers: [{ url: 'http://a.example.com', auth: btoa('nocolon') }] }, 'subscribers', 'each subscriber auth must be base64 text of username:password'],
    [{ subscribers: Array.from({ length: 21 }, () => 'http://a.example.com') }, 'subscribers', 'subscribers must list at most 20 subscribers'],
  ])('refuses %j with 400 on %s and changes nothing', async (form, field, message) => {
    const a = await newAlert({ trigger_type: 'CPU', part_name: undefined, threshold: 50 });
    const r = await svc.request('PUT', `/api/alerts/${a.id}/`, { form: { name: 'changed', ...form } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { status: 400, message, field } });
    expect((await svc.request('GET', `/api/alerts/${a.id}/`)).body).toEqual(a);
  });

  it('refuses a decimal threshold for a non-Disk alert but accepts it for Disk', async () => {
    const cpu = await newAlert({ trigger_type: 'CPU', part_name: undefined, threshold: 50 });
    const bad = await svc.request('PUT', `/api/alerts/${cpu.id}/`, { form: { threshold: 50.5 } });
    expect(bad.body.error).toEqual({ status: 400, message: 'threshold must be an integer for CPU alerts (decimals only for Disk)', field: 'threshold' });
    const disk = await newAlert();
    expect((await svc.request('PUT', `/api/alerts/${disk.id}/`, { form: { threshold: 50.5 } })).body.threshold).toBe(50.5);
  });

  it('lets an out-of-band alert switch between above, below and outside bounds', async () => {
    const a = await newAlert({ trigger_type: 'Memory', part_name: undefined, threshold: undefined, threshold_type: 'out of band' });
    expect(a.trigger).toBe('Memory above its 1h band (2.00 standard deviations)');
    const u = await svc.request('PUT', `/api/alerts/${a.id}/`, { form: { direction: 'Outside_Bounds' } });
    expect(u.body).toMatchObject({ direction: 'outside bounds', trigger: 'Memory outside its 1h band (2.00 standard deviations)' });
  });

  it('drops users whose profile was deleted and keeps a deleted target readable', async () => {
    const a = await newAlert({ users: [t.owner, second] });
    expect(a.users.map((u: { id: number }) => u.id)).toEqual([t.owner, second]);
    await svc.sql.run('DELETE FROM users WHERE id = ?', second);
    const g = await svc.request('GET', `/api/alerts/${a.id}/`);
    expect(g.body.users.map((u: { id: number }) => u.id)).toEqual([t.owner]);
    await svc.sql.run('UPDATE servers SET deleted_at = 1 WHERE id = ?', t.server);
    const u = await svc.request('PUT', `/api/alerts/${a.id}/`, { form: { name: 'orphan' } });
    expect(u.body).toMatchObject({ name: 'orphan', target: 'web-1 (Linux)', target_id: t.server });
  });

  it('returns 404 for a malformed or missing id and 401 without credentials', async () => {
    expect((await svc.request('PUT', '/api/alerts/abc/', { form: { name: 'x' } })).status).toBe(404);
    expect((await svc.request('PUT', '/api/alerts/99999999/', { form: { name: 'x' } })).status).toBe(404);
    expect((await svc.request('PUT', '/api/alerts/1/', { as: null, form: { name: 'x' } })).status).toBe(401);
  });
});
