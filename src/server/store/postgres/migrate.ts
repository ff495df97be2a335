import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Pg } from './db';

const DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant: every replica takes the same advisory lock, so one applies and the others wait. */
const LOCK = 7_310_420_981;

/** The repository's migrations, ordered by their file name (NNNN_name.sql). */
export function migrationFiles(): { version: number; name: string; sql: string }[] {
  return readdirSync(DIR)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.slice(0, 4)), name: f.slice(5, -4), sql: readFileSync(join(DIR, f), 'utf8') }));
}

/**
 * Applies the missing migrations, each in its own transaction, under a session advisory lock so that
 * replicas starting together apply each once. Answers true when the schema was empty before.
 */
export async function migratePg(pg: Pg): Promise<boolean> {
  const client = await pg.pool.connect();
  let lost = false;
  const onLost = () => void (lost = true); // the next statement fails; never an unhandled 'error' event
  client.on('error', onLost);
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
    const created = done.size === 0;
    for (const m of migrationFiles()) {
      if (done.has(m.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${m.version}_${m.name} failed: ${(err as Error).message}`);
      }
    }
    return created;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK]).catch(() => {});
    client.off('error', onLost);
    client.release(lost);
  }
}
