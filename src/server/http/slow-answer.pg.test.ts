import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';

// A request whose answer takes longer than the idle timeout (here it waits on a table another session
// has locked; in production a week of telemetry on a busy database) is answered, not dropped: Node's
// socket timeout used to close such a connection without a word ("other side closed" at the client).
// An idle socket is still closed after the timeout (transport.test.ts, "connections").
let svc: TestService;

beforeAll(async () => {
  svc = await startTestService({ timeouts: { idle: 300, headers: 400, request: 600, keepAlive: 300, checkEvery: 50 } });
});
afterAll(() => svc.close());

describe('a slow answer', () => {
  it('is sent on a connection silent for longer than the idle timeout', async () => {
    const locker = new pg.Client({ connectionString: svc.storeEnv.DATABASE_URL });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE server_tags IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const answer = svc.request('GET', '/api/v5/server_tags/');
      await new Promise((r) => setTimeout(r, 1500));
      await locker.query('COMMIT');
      const r = await answer;
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ data: [] });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    } finally {
      await locker.end();
    }
  });
});
