import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../errors';
import { createTestDatabase } from '../test-store';
import { openPg, type Pg } from './db';
import { until } from '../../testing/until';

// A connection ended by the server (an administrator, a failover, DROP DATABASE ... WITH (FORCE)) while a
// transaction holds it between two statements must fail that transaction with StoreUnavailableError,
// not crash the process with an unhandled 'error' event of the checked-out client.
let db: { url: string; drop(): Promise<void> };
let store: Pg;

/** Ends a backend from another connection and waits until it is gone (its FATAL message sent). */
async function terminate(pid: number): Promise<void> {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    await c.query('SELECT pg_terminate_backend($1)', [pid]);
    await until(async () => !(await c.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  store = openPg(db.url, { max: 2 });
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

describe('a connection lost inside a transaction', () => {
  it('fails that transaction as unavailable, and the pool serves the next one', async () => {
    const crashes: unknown[] = [];
    const onUncaught = (e: unknown) => crashes.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      const failed = store.tx(async (tx) => {
        const { pid } = (await tx.row<{ pid: number }>('SELECT pg_backend_pid() AS pid'))!;
        const lost = new Promise((res) => tx.client.once('error', res));
        await terminate(pid);
        await lost; // the server's FATAL reached the idle client between statements
        return tx.row('SELECT 1');
      });
      await expect(failed).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(crashes).toEqual([]);
      expect(await store.tx((tx) => tx.row<{ one: number }>('SELECT 1 AS one'))).toEqual({ one: 1 });
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it('names its sessions and bounds how long one may sit idle inside a transaction', async () => {
    const seen = await store.tx((tx) =>
      tx.row<{ app: string; idle: string }>("SELECT current_setting('application_name') AS app, current_setting('idle_in_transaction_session_timeout') AS idle"),
    );
    expect(seen).toEqual({ app: 'fleetwatch', idle: '1min' });
  });
});
