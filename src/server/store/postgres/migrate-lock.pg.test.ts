import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-store';
import { until } from '../../testing/until';
import { openPg, type Pg } from './db';
import { migratePg, migrationFiles, type Migration } from './migrate';

// A rolling upgrade: the new release migrates while a replica of the previous one serves. Here that
// replica holds a long read transaction on `servers`; a new migration ALTERs `servers`. Waiting for that
// lock without a bound would queue every later query of `servers` behind the ALTER until the
// transaction ended: the old replica's requests would stall. The migration gives way every
// lockTimeoutMs instead, so other sessions' reads go on, and it is applied once the table is free.
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pg;
const clients: pg.Client[] = [];

const connect = async () => {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  clients.push(c);
  return c;
};
const extra = (version: number, sql: string): Migration[] => [...migrationFiles(), { version, name: `lock_test_${version}`, sql }];
const columns = async (c: pg.Client) =>
  (await c.query<{ name: string }>("SELECT attname AS name FROM pg_attribute WHERE attrelid = 'servers'::regclass AND attnum > 0 AND NOT attisdropped")).rows.map((r) => r.name);
const applied = async (c: pg.Client) => (await c.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version);
/** Resolves with the promise's value, or rejects once `ms` have passed: a bound on a wait that would otherwise never end. */
const within = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms))]);

beforeAll(async () => {
  db = await createTestDatabase();
  pool = openPg(db.url);
});
afterAll(async () => {
  for (const c of clients) await c.end().catch(() => {});
  await pool?.close();
  await db?.drop();
});

describe('a migration beside a serving replica', () => {
  it('gives way to the table it waits for, so other sessions read on, and is applied once the table is free', async () => {
    const replica = await connect();
    await replica.query('BEGIN');
    await replica.query('SELECT count(*) FROM servers'); // holds ACCESS SHARE on servers until COMMIT
    const lines: string[] = [];
    const migrating = migratePg(pool, { files: extra(9001, 'ALTER TABLE servers ADD COLUMN lock_test integer'), lockTimeoutMs: 200, retryMs: 100, log: (l) => lines.push(l) });
    await until(async () => lines.length >= 2, { what: 'the migration giving way twice' });
    expect(lines[0]).toMatch(/^migration 9001_lock_test_9001 waits for a table another session is using \(canceling statement due to lock timeout\); attempt 2 in 100 ms$/);

    // Another session's read of the table is answered while the long transaction still holds it.
    const reader = await connect();
    for (let i = 0; i < 5; i++) {
      const r = await within(reader.query<{ n: string | number }>('SELECT count(*) AS n FROM servers'), 10_000, 'a read queued behind the migration');
      expect(Number(r.rows[0]!.n)).toBe(0);
    }
    expect(await applied(reader)).not.toContain(9001);

    await replica.query('COMMIT');
    await migrating;
    expect(await columns(reader)).toContain('lock_test');
    expect(await applied(reader)).toContain(9001);
  });

  it('fails the start with what to do once it has waited giveUpMs, having applied nothing of that migration', async () => {
    const replica = await connect();
    await replica.query('BEGIN');
    await replica.query('SELECT count(*) FROM servers');
    const failed = migratePg(pool, {
      files: extra(9002, 'ALTER TABLE servers ADD COLUMN lock_test_2 integer'),
      lockTimeoutMs: 100,
      retryMs: 50,
      giveUpMs: 600,
      log: () => {},
    });
    await expect(failed).rejects.toThrow(/^migration 9002_lock_test_9002 could not take its locks in 1 s \(canceling statement due to lock timeout\): .*pg_stat_activity/);
    await replica.query('COMMIT');
    expect(await columns(replica)).not.toContain('lock_test_2');
    expect(await applied(replica)).not.toContain(9002);
  });
  it('waits for another replica migrating for longer than the pool\'s lock wait (PG_LOCK_TIMEOUT_MS bounds requests only)', async () => {
    const short = openPg(db.url, { max: 2, lockTimeoutMs: 200 });
    try {
      const other = await connect();
      await other.query('SELECT pg_advisory_lock(7310420981)'); // migrate.ts's LOCK: another replica migrating
      let done = false;
      const migrating = migratePg(short, { files: extra(9003, 'ALTER TABLE servers ADD COLUMN lock_test_3 integer'), log: () => {} }).then(() => (done = true));
      await new Promise((r) => setTimeout(r, 1000)); // five of the pool's lock waits
      expect(done).toBe(false);
      await other.query('SELECT pg_advisory_unlock(7310420981)');
      await within(migrating, 10_000, 'the migration after the other replica');
      expect(await columns(other)).toContain('lock_test_3');
      // The pool's connection is back to the pool's lock wait.
      expect((await short.row<{ t: string }>("SELECT current_setting('lock_timeout') AS t"))?.t).toBe('200ms');
    } finally {
      await short.close();
    }
  });
});
