import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_MAX } from '../../shared/paging';
import { seedServerRow, startTestService, type TestService } from '../testing/harness';

let svc: TestService;
let serverId: number;
beforeAll(async () => {
  svc = await startTestService();
  serverId = await seedServerRow(svc.sql, svc.account.id, { hostname: 'app-01' });
});
afterAll(() => svc.close());

// Every paged list, the time-series pages among them: page * limit becomes the store's OFFSET.
const lists = () => [
  '/api/users/',
  '/api/servers/',
  '/api/servers/latest_data/',
  `/api/servers/${serverId}/data/`,
  `/api/servers/${serverId}/processes/`,
  `/api/servers/${serverId}/processes/data/`,
  '/api/server_tags/',
  '/api/server_sets/',
  '/api/maintenance_windows/',
  '/api/logs/',
  '/api/transactions/logs/',
  '/api/buckets/',
  '/api/alerts/',
  '/api/alert_histories/',
  '/api/applications/',
  '/api/polled_data/',
  '/api/notifications/',
];

describe('page bound', () => {
  it('refuses a page whose offset would overflow, on every paged list, with 400 naming page', async () => {
    for (const path of lists()) {
      for (const page of ['4000000000000000', '9223372036854775807', String(PAGE_MAX + 1)]) {
        const r = await svc.request('GET', `${path}?page=${page}`);
        expect({ path, page, status: r.status }).toEqual({ path, page, status: 400 });
        expect(r.body.error).toMatchObject({ status: 400, field: 'page' });
        expect(r.body.error.message).toMatch(/^page must be (between 0 and \d+|an integer)$/);
      }
    }
  });

  it('answers an empty page at the highest page allowed', async () => {
    for (const path of lists()) {
      const r = await svc.request('GET', `${path}?page=${PAGE_MAX}`);
      expect({ path, status: r.status }).toEqual({ path, status: 200 });
      expect(r.body.data).toEqual([]);
    }
  });

  it('keeps page * limit a safe integer', () => {
    expect(Number.isSafeInteger(PAGE_MAX * 2500)).toBe(true);
  });
});
