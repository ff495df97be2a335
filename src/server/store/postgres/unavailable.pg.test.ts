import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../testing/harness';

// The database going away is answered 503 in the error shape (never a crash, never a 500), and the
// service recovers by itself when it comes back: the pool opens new connections.
let svc: TestService;
let dbName = '';
const admin = async (sql: string) => {
  const c = new pg.Client({ connectionString: process.env.PG_TEST_URL ?? 'postgres://fw:fw@127.0.0.1:5433/postgres' });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
};

beforeAll(async () => {
  svc = await startTestService();
  dbName = new URL(svc.storeEnv.DATABASE_URL!).pathname.slice(1);
});
afterAll(async () => {
  await admin(`ALTER DATABASE ${dbName} CONNECTION LIMIT -1`).catch(() => {});
  await svc.close();
});

describe('PostgreSQL unavailable', () => {
  it('answers 503 with the error shape while the database refuses connections, then recovers', async () => {
    expect((await svc.request('GET', '/api/v5/servers/')).status).toBe(200);
    await admin(`ALTER DATABASE ${dbName} CONNECTION LIMIT 0`);
    await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${dbName}' AND pid <> pg_backend_pid()`);

    for (const path of ['/healthz', '/api/v5/servers/']) {
      const r = await svc.request('GET', path);
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('5');
      expect(r.body).toEqual({ error: expect.objectContaining({ message: expect.stringContaining('database') }) });
    }

    await admin(`ALTER DATABASE ${dbName} CONNECTION LIMIT -1`);
    expect((await svc.request('GET', '/healthz')).status).toBe(200);
    expect((await svc.request('GET', '/api/v5/servers/')).status).toBe(200);
  });
});
