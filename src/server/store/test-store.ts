import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { openPg, type PgPoolSettings } from './postgres/db';
import { migratePg, migrationFiles } from './postgres/migrate';
import { openPostgresStore } from './postgres/open';
import { openSqliteStore } from './sqlite/open';
import type { Store } from './store';

/**
 * Tests run the same suite on either store: STORE=postgres (with PG_TEST_URL, an account that may
 * create databases) or SQLite (the default). This module is the tests' only way to learn which runs.
 */
export const testStoreKind = (): 'postgres' | 'sqlite' => (process.env.STORE === 'postgres' ? 'postgres' : 'sqlite');

const adminUrl = () => process.env.PG_TEST_URL ?? 'postgres://fw:fw@127.0.0.1:5433/postgres';
/**
 * The template is named by a hash of the migrations, so concurrent runs (and engineers) share it and
 * a changed migration makes a new one.
 */
const template = () => `fw_tpl_${createHash('sha256').update(migrationFiles().map((m) => `${m.version} ${m.name}\n${m.sql}`).join('\n--\n')).digest('hex').slice(0, 12)}`;

function urlFor(db: string): string {
  const u = new URL(adminUrl());
  u.pathname = `/${db}`;
  return u.toString();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Builds, once per set of migrations, the template every test database is copied from (global setup). */
export async function prepareTestTemplate(): Promise<void> {
  if (testStoreKind() !== 'postgres') return;
  const name = template();
  await admin(async (c) => {
    await c.query('SELECT pg_advisory_lock(4242)');
    try {
      const exists = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount) return;
      await c.query(`DROP DATABASE IF EXISTS ${name}_building WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${name}_building`);
      const db = openPg(urlFor(`${name}_building`), { max: 1 });
      try {
        await migratePg(db);
      } finally {
        await db.close();
      }
      await c.query(`ALTER DATABASE ${name}_building RENAME TO ${name}`);
    } finally {
      await c.query('SELECT pg_advisory_unlock(4242)');
    }
  });
}

/** Runs one statement on a one-off connection to the test cluster as the test role. */
export async function adminSql(sql: string): Promise<void> {
  await admin((c) => c.query(sql));
}

/** A new database with no tables (not from the template: for tests of PostgreSQL mechanisms). */
export async function createEmptyDatabase(prefix: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await adminSql(`CREATE DATABASE ${name}`);
  return { name, url: urlFor(name), drop: () => dropDatabase(name) };
}

/** A new empty, migrated database (a copy of the template); answers its URL and how to drop it. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `fwt_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template()}`));
  return {
    url: urlFor(name),
    drop: () => dropDatabase(name),
  };
}

/** Another connection to a test service's store (`env`: its storeEnv), as a second process would open it; the caller closes it. */
export async function reopenTestStore(env: Record<string, string>): Promise<Store> {
  if (env.DATABASE_URL) return (await openPostgresStore(env.DATABASE_URL)).store;
  return openSqliteStore(join(env.DATA_DIR!, 'test.sqlite'));
}

/** Plain SQL for tests that set up or inspect rows the API does not reach; `?` placeholders. */
export interface TestSql {
  all<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]>;
  get<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T | undefined>;
  run(sql: string, ...params: unknown[]): Promise<void>;
}

/** Numbers `?` placeholders as $1, $2, ... (tests' SQL has no `?` inside literals). */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

export interface TestStore {
  store: Store;
  sql: TestSql;
  /** Environment a service process needs to open this same store. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A second connection to a store openTestStore opened (as a second service process would have), to close after use. */
export async function openTestStoreAgain(dir: string, env: Record<string, string>): Promise<Store> {
  if (env.DATABASE_URL) return (await openPostgresStore(env.DATABASE_URL)).store;
  return openSqliteStore(join(dir, 'test.sqlite'));
}

/** What a test sets of its store beyond the defaults (`pg`: the PostgreSQL pool's settings; SQLite ignores it). */
export interface TestStoreOptions {
  pg?: PgPoolSettings;
}

/** Opens the suite's store for one test service: a SQLite file in `dir`, or a fresh PostgreSQL database. */
export async function openTestStore(dir: string, options: TestStoreOptions = {}): Promise<TestStore> {
  if (testStoreKind() === 'postgres') {
    const db = await createTestDatabase();
    const { store } = await openPostgresStore(db.url, options.pg);
    const q = store.pg;
    return {
      store,
      env: { DATABASE_URL: db.url, DATA_DIR: dir },
      sql: {
        all: (s, ...p) => q.rows(numbered(s), p),
        get: (s, ...p) => q.row(numbered(s), p),
        run: async (s, ...p) => void (await q.exec(numbered(s), p)),
      },
      async close() {
        await store.close();
        await db.drop();
      },
    };
  }
  const store = openSqliteStore(join(dir, 'test.sqlite'));
  const bind = (p: unknown[]) => p.map((v) => (typeof v === 'boolean' ? Number(v) : v));
  return {
    store,
    env: { DATA_DIR: dir },
    sql: {
      all: async (s, ...p) => store.db.prepare(s).all(...bind(p)) as never,
      get: async (s, ...p) => store.db.prepare(s).get(...bind(p)) as never,
      run: async (s, ...p) => void store.db.prepare(s).run(...bind(p)),
    },
    close: () => store.close(),
  };
}

/**
 * Drops a test database. FORCE ends its connections, but a backend of another role (a superuser's
 * session, an autovacuum worker) cannot be ended by ours: retry a few times, then leave it to the
 * cluster's next clean-up rather than fail the test that used it.
 */
async function dropDatabase(name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      return;
    } catch (err) {
      if (attempt >= 5) {
        console.warn(`test database ${name} left behind: ${(err as Error).message}`);
        return;
      }
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
}

/**
 * The store for service processes a test starts itself (main.ts, the account CLI): the environment to
 * give them (DATA_DIR, plus DATABASE_URL of a fresh database with STORE=postgres) and how to drop it.
 */
export async function createServiceStore(dataDir: string): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (testStoreKind() !== 'postgres') return { env: { DATA_DIR: dataDir }, drop: async () => {} };
  const db = await createTestDatabase();
  return { env: { DATA_DIR: dataDir, DATABASE_URL: db.url }, drop: db.drop };
}
