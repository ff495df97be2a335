import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../testing/harness';
import { adminSql } from '../test-store';

// The database going away is answered 503 in the error shape (never a crash, never a 500), and the
// service recovers by itself when it comes back: the pool opens new connections. ALLOW_CONNECTIONS false
// refuses every role (a superuser test role ignores a CONNECTION LIMIT of 0).
let svc: TestService;
let dbName = '';

beforeAll(async () => {
  svc = await startTestService();
  dbName = new URL(svc.storeEnv.DATABASE_URL!).pathname.slice(1);
});
afterAll(async () => {
  await adminSql(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`).catch(() => {});
  await svc.close();
});

describe('PostgreSQL unavailable', () => {
  it('answers 503 with the error shape while the database refuses connections, then recovers', async () => {
    expect((await svc.request('GET', '/api/v5/servers/')).status).toBe(200);
    await adminSql(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
    await adminSql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${dbName}' AND pid <> pg_backend_pid()`);

    for (const path of ['/healthz', '/api/v5/servers/']) {
      const r = await svc.request('GET', path);
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('5');
      expect(r.body).toEqual({ error: expect.objectContaining({ message: expect.stringContaining('database') }) });
    }

    await adminSql(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
    expect((await svc.request('GET', '/healthz')).status).toBe(200);
    expect((await svc.request('GET', '/api/v5/servers/')).status).toBe(200);
  });
});
