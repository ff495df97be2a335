import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';

// A request queued behind a lock another session keeps (an admin's open transaction, a long DDL) waits
// at most PG_LOCK_TIMEOUT_MS, then is answered 503 with Retry-After in the error shape: before, it waited
// (holding one of the pool's connections) for as long as that session lasted. Nothing of it is stored.
const LOCK_WAIT_MS = 400;
let svc: TestService;

beforeAll(async () => {
  process.env.PG_LOCK_TIMEOUT_MS = String(LOCK_WAIT_MS); // read when the pool is made
  try {
    svc = await startTestService();
  } finally {
    delete process.env.PG_LOCK_TIMEOUT_MS;
  }
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
});
