import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAlertTargetRows, type AlertTargets } from '../testing/alert-seeds';
import { startTestService, type TestService } from '../testing/harness';

let svc: TestService;
let t: AlertTargets;
let id: number;
beforeAll(async () => {
  svc = await startTestService();
  t = await seedAlertTargetRows(svc.sql, svc.account.id, 'web-1');
  id = (await svc.request('POST', '/api/alerts/', { form: { name: 'a', type: 'Server', target_id: t.server, trigger_type: 'CPU', users: [t.owner] } })).body.id;
});
afterAll(() => svc.close());

// Odd values of every kind: each must end in a 2xx or a 4xx in the error shape, never a 500.
const ODD: unknown[] = [null, true, -1, 1e308, '1e400', '', [], {}, [1, 2], 'x'.repeat(3000), '[null]', '[{}]', '[[1]]', '9'.repeat(30), '[{"url":"http://a.example.com","auth":"===="}]'];
const FIELDS = [
  'name', 'type', 'target_id', 'trigger_type', 'users', 'active', 'direction', 'threshold', 'threshold_type', 'band_value',
  'window_length', 'window_units', 'interval', 'time_above_threshold', 'num_of_servers', 'part_name', 'ip_details', 'ip_detail',
  'reg_exp', 'subscribers',
];
const QUERY = ['filter_name', 'filter_id', 'limit', 'page', 'start', 'end', 'filter', 'num'];

describe('alerts: no input gives a 500', () => {
  it('create and update bodies', async () => {
    const base = { name: 'a', type: 'Server', target_id: t.server, trigger_type: 'CPU', users: [t.owner] };
    for (const f of FIELDS) {
      for (const v of ODD) {
        for (const r of [
          await svc.request('POST', '/api/alerts/', { json: { ...base, [f]: v } }),
          await svc.request('PUT', `/api/alerts/${id}/`, { json: { [f]: v } }),
        ]) {
          expect(r.status, `${f}=${JSON.stringify(v)}`).toBeLessThan(500);
          if (r.status >= 400) expect(r.body.error.status).toBe(r.status);
        }
      }
    }
  }, 60_000);

  it('list queries', async () => {
    for (const f of QUERY) {
      for (const v of ODD) {
        for (const path of ['/api/alerts/', '/api/alert_histories/']) {
          const r = await svc.request('GET', path, { form: { [f]: v } });
          expect(r.status, `${path} ${f}=${JSON.stringify(v)}`).toBeLessThan(500);
        }
      }
    }
  }, 60_000);
});
