import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCK_NOT_AVAILABLE, type Pg } from './db';

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

/** A migration file: its version, name and SQL. */
export type Migration = ReturnType<typeof migrationFiles>[number];

/** How a migration waits for the locks of tables other sessions are using (see migratePg). */
export interface MigrateOptions {
  /** The migrations to apply (tests add their own); the repository's by default. */
  files?: Migration[];
  /** How long one statement waits for a lock before the migration gives way (default 2 s). */
  lockTimeoutMs?: number;
  /** The pause before trying again (default 1 s, growing to 10 s). */
  retryMs?: number;
  /** How long to keep trying before the start fails (default 10 minutes). */
  giveUpMs?: number;
  log?: (line: string) => void;
}

/**
 * Applies the missing migrations, each in its own transaction, under a session advisory lock so that
 * replicas starting together apply each once. Answers true when the schema was empty before.
 *
 * During a rolling upgrade the previous release's replicas go on serving while this one migrates. An
 * ALTER waiting for a table that one of their transactions holds would make every later query of that
 * table queue behind it: their requests would stall until that transaction ended. So each migration
 * waits at most `lockTimeoutMs` for a lock, then rolls back, lets the queue through and tries again.
 */
export async function migratePg(pg: Pg, options: MigrateOptions = {}): Promise<boolean> {
  const o = { files: migrationFiles(), lockTimeoutMs: 2000, retryMs: 1000, giveUpMs: 600_000, log: (l: string) => console.error(l), ...options };
  const client = await pg.pool.connect();
  let lost = false;
  const onLost = () => void (lost = true); // the next statement fails; never an unhandled 'error' event
  client.on('error', onLost);
  try {
    // Replicas starting together wait here for the one migrating, however long it takes (the pool's
    // lock_timeout bounds requests, not this); each migration's own statements wait lockTimeoutMs.
    await client.query('SET lock_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
    const created = done.size === 0;
    for (const m of o.files) {
      if (done.has(m.version)) continue;
      const started = Date.now();
      for (let attempt = 1; ; attempt++) {
        await client.query('BEGIN');
        try {
          await client.query(`SET LOCAL lock_timeout = ${Math.max(1, Math.round(o.lockTimeoutMs))}`);
          await client.query(m.sql);
          await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
          await client.query('COMMIT');
          break;
        } catch (err) {
          await client.query('ROLLBACK');
          const message = (err as Error).message;
          if ((err as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw new Error(`migration ${m.version}_${m.name} failed: ${message}`);
          if (Date.now() - started >= o.giveUpMs) {
            throw new Error(
              `migration ${m.version}_${m.name} could not take its locks in ${Math.round(o.giveUpMs / 1000)} s (${message}): another session keeps a table it changes busy; ` +
                'nothing of it is applied, and replicas of the previous release go on serving. Find the long transaction in pg_stat_activity, then start again.',
            );
          }
          const pause = Math.min(o.retryMs * attempt, 10 * o.retryMs);
          o.log(`migration ${m.version}_${m.name} waits for a table another session is using (${message}); attempt ${attempt + 1} in ${pause} ms`);
          await new Promise((r) => setTimeout(r, pause));
        }
      }
    }
    return created;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK]).catch(() => {});
    await client.query('RESET lock_timeout').catch(() => {});
    client.off('error', onLost);
    client.release(lost);
  }
}
