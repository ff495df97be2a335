import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicHeader, startTestService, type TestService } from '../testing/harness';
import { startServiceProcess } from '../testing/service-process';

// A request queued behind a lock another session keeps (an admin's open transaction, a long DDL) waits
// at most PG_LOCK_TIMEOUT_MS, then is answered 503 with Retry-After in the error shape: before, it waited
// (holding one of the pool's connections) for as long as that session lasted. Nothing of it is stored.
const LOCK_WAIT_MS = 400;
let svc: TestService;

beforeAll(async () => {
  svc = await startTestService({}, undefined, { pg: { lockTimeoutMs: LOCK_WAIT_MS } });
});
afterAll(() => svc.close());

/** Runs `fn` while another session holds `table` in ACCESS EXCLUSIVE mode. */
async function whileLocked(table: string, fn: () => Promise<void>): Promise<void> {
  const locker = new pg.Client({ connectionString: svc.storeEnv.DATABASE_URL });
  await locker.connect();
  try {
    await locker.query('BEGIN');
    await locker.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    await fn();
  } finally {
    await locker.query('COMMIT');
    await locker.end();
  }
}

describe('a request behind a lock another session keeps', () => {
  it('is answered 503 with Retry-After after the lock wait, and served again once the lock is gone', async () => {
    await whileLocked('server_tags', async () => {
      const started = Date.now();
      const r = await svc.request('GET', '/api/v5/server_tags/');
      const took = Date.now() - started;
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('5');
      expect(r.body).toMatchObject({ error: { message: expect.stringContaining('locked by another session') } });
      expect(took).toBeGreaterThanOrEqual(LOCK_WAIT_MS - 50);
      expect(took).toBeLessThan(10_000);
    });
    expect((await svc.request('GET', '/api/v5/server_tags/')).status).toBe(200);
  });

  it('stores nothing of a refused write', async () => {
    await whileLocked('server_tags', async () => {
      const r = await svc.request('POST', '/api/v5/server_tags/', { form: { name: 'blocked', servers: '[]' } });
      expect(r.status).toBe(503);
    });
    const list = await svc.request('GET', '/api/v5/server_tags/');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain('blocked');
    const created = await svc.request('POST', '/api/v5/server_tags/', { form: { name: 'after', servers: '[]' } });
    expect(created.status).toBe(201);
  });

  it('is bounded by PG_LOCK_TIMEOUT_MS in a service process (main.ts passes the setting to the pool)', async () => {
    // The same database, so the same account; the default wait (15 s) would outlast the bound below.
    const service = await startServiceProcess({ DATABASE_URL: svc.storeEnv.DATABASE_URL!, DATA_DIR: svc.storeEnv.DATA_DIR!, PG_LOCK_TIMEOUT_MS: '300' });
    try {
      await whileLocked('server_tags', async () => {
        const started = Date.now();
        const r = await fetch(`${service.base}/api/v5/server_tags/`, { headers: { authorization: basicHeader(svc.account) } });
        expect(r.status).toBe(503);
        expect(Date.now() - started).toBeLessThan(5_000);
      });
    } finally {
      await service.stop();
    }
  });
});
