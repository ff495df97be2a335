import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedServerRow, startTestService, type TestService } from '../testing/harness';

let svc: TestService;
let s1: number;
let s2: number;
let foreign: number;
beforeAll(async () => {
  svc = await startTestService();
  s1 = await seedServerRow(svc.sql, svc.account.id, { hostname: 'web-1' });
  s2 = await seedServerRow(svc.sql, svc.account.id, { hostname: 'win-1', os: 'Windows' });
  foreign = await seedServerRow(svc.sql, svc.other.id, { hostname: 'theirs' });
});
afterAll(() => svc.close());

const path = (id: number) => `/api/servers/${id}/polled_data_config/`;
const contents = 'command[check_load]=/usr/lib/nagios/plugins/check_load -w 5 -c 10\n';

describe('polled data config', () => {
  it('answers the defaults before any PUT', async () => {
    const r = await svc.request('GET', path(s1));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      server_id: s1,
      file_path: '',
      file_type: 'nagios',
      file_contents: '',
      frequency: 300,
      url: `/api/v5/servers/${s1}/polled_data_config/`,
    });
  });

  it('stores a config, answers it, and resets an omitted frequency to 300', async () => {
    const p = await svc.request('PUT', path(s1), { form: { file_path: '/etc/nagios/nrpe.cfg', file_contents: contents, frequency: 600 } });
    expect(p.status).toBe(200);
    expect(p.body).toEqual({
      server_id: s1,
      file_path: '/etc/nagios/nrpe.cfg',
      file_type: 'nagios',
      file_contents: contents,
      frequency: 600,
      url: `/api/v5/servers/${s1}/polled_data_config/`,
    });
    expect((await svc.request('GET', `/api/v5/servers/${s1}/polled_data_config`)).body).toEqual(p.body);
    const again = await svc.request('PUT', path(s1), { json: { file_path: '/etc/nagios/other.cfg', file_contents: '' } });
    expect(again.body).toMatchObject({ file_path: '/etc/nagios/other.cfg', file_contents: '', frequency: 300 });
    // The collector config endpoint reads this same table.
    const row = await svc.sql.get('SELECT file_path, frequency FROM polled_data_configs WHERE account_id = ? AND server_id = ?', svc.account.id, s1);
    expect(row).toEqual({ file_path: '/etc/nagios/other.cfg', frequency: 300 });
  });

  it('accepts a Windows absolute path', async () => {
    const r = await svc.request('PUT', path(s2), { form: { file_path: 'C:\\nagios\\checks.cfg', file_contents: contents, frequency: '120' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ file_path: 'C:\\nagios\\checks.cfg', frequency: 120 });
  });

  const ok = { file_path: '/etc/checks.cfg', file_contents: contents };
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['missing file_path', { file_contents: contents }, 'file_path', 'file_path is required'],
    ['empty file_path', { ...ok, file_path: '' }, 'file_path', 'file_path must not be empty'],
    ['relative file_path', { ...ok, file_path: 'etc/checks.cfg' }, 'file_path', 'file_path must be an absolute path'],
    ['dot-relative file_path', { ...ok, file_path: './checks.cfg' }, 'file_path', 'file_path must be an absolute path'],
    ['drive without separator', { ...ok, file_path: 'C:checks.cfg' }, 'file_path', 'file_path must be an absolute path'],
    ['missing file_contents', { file_path: '/etc/checks.cfg' }, 'file_contents', 'file_contents is required'],
    ['file_contents with NUL', { ...ok, file_contents: 'command[a]=x\0y' }, 'file_contents', 'file_contents must not contain NUL characters'],
    ['text frequency', { ...ok, frequency: 'often' }, 'frequency', 'frequency must be an integer'],
    ['decimal frequency', { ...ok, frequency: '90.5' }, 'frequency', 'frequency must be an integer'],
    ['frequency below the period', { ...ok, frequency: 30 }, 'frequency', 'frequency must be between 60 and 86400'],
    ['frequency 0', { ...ok, frequency: 0 }, 'frequency', 'frequency must be between 60 and 86400'],
    ['frequency not a multiple of 60', { ...ok, frequency: 90 }, 'frequency', 'frequency must be a multiple of 60 seconds (the collect period)'],
    ['frequency above a day', { ...ok, frequency: 86460 }, 'frequency', 'frequency must be between 60 and 86400'],
  ];
  it.each(cases)('PUT refuses %s with 400 and changes nothing', async (_c, form, field, message) => {
    const before = (await svc.request('GET', path(s1))).body;
    const r = await svc.request('PUT', path(s1), { form });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { status: 400, message, field } });
    expect((await svc.request('GET', path(s1))).body).toEqual(before);
  });

  it("hides another account's server and a deleted server: 404 like a missing id", async () => {
    await svc.request('PUT', path(foreign), { form: { ...ok, file_path: '/theirs.cfg' }, as: svc.other });
    for (const m of ['GET', 'PUT'] as const) {
      const form = m === 'PUT' ? ok : undefined;
      const r = await svc.request(m, path(foreign), { form });
      expect(r.status).toBe(404);
      expect(r.body).toEqual((await svc.request(m, path(99999999), { form })).body);
    }
    expect((await svc.request('GET', path(foreign), { as: svc.other })).body.file_path).toBe('/theirs.cfg');
    const gone = await seedServerRow(svc.sql, svc.account.id, { hostname: 'gone' });
    await svc.request('DELETE', `/api/servers/${gone}/`);
    expect((await svc.request('GET', path(gone))).status).toBe(404);
  });

  it('requires authentication', async () => {
    expect((await svc.request('GET', path(s1), { as: null })).status).toBe(401);
    expect((await svc.request('PUT', path(s1), { as: null, form: ok })).status).toBe(401);
  });
});
