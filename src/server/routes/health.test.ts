import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

describe('GET /healthz', () => {
  it('answers 200 without credentials while the store answers, never cached', async () => {
    const r = await svc.request('GET', '/healthz', { as: null });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok' });
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('with ?detail=1 adds the store size and the free disk (null on PostgreSQL, where it is unknown)', async () => {
    const r = await svc.request('GET', '/healthz?detail=1', { as: null });
    expect(r.status).toBe(200);
    const store = r.body.store;
    expect(store.total_bytes).toBeGreaterThan(0);
    if (store.kind === 'sqlite') {
      expect(store.free_bytes).toBeGreaterThan(0);
      expect(store.wal_bytes).toBeGreaterThanOrEqual(0);
    } else expect(store).toMatchObject({ kind: 'postgres', free_bytes: null, wal_bytes: null });
  });

  it('is the only way in without credentials: the API next to it still asks for them', async () => {
    expect((await svc.request('GET', '/api/v5/servers/', { as: null })).status).toBe(401);
    expect((await svc.request('POST', '/healthz', { as: null })).status).toBe(404);
  });
});
