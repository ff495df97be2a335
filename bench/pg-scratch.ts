// A scratch PostgreSQL database for the benches: BENCH_PG_URL (or PG_TEST_URL) names a server and a
// role that may create databases; without either, the PostgreSQL figures are skipped.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The admin URL to create scratch databases with, or null when PostgreSQL is not configured. */
export const pgAdminUrl = (): string | null => process.env.BENCH_PG_URL ?? process.env.PG_TEST_URL ?? null;

async function admin(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Creates an empty database; answers its URL and how to drop it. */
export async function scratchDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin(adminUrl, `CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
