import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-store';

/**
 * The schema rules of issue 9, read from PostgreSQL's catalogue of a freshly migrated database
 * (whatever STORE the suite runs on): every table of account data is keyed by account first, so it
 * can be distributed by account_id and no foreign key can cross accounts. A failure names the table.
 */

/** Tables that are not account data: the tenants themselves and the service's own bookkeeping. */
const GLOBAL_TABLES = new Set(['accounts', 'schema_migrations', 'leases']);

/** Column names that read as yes/no: they must be boolean, never 0/1 integers or text. */
const BOOLEAN_NAME = /^(is|has)_|_on$|_enabled$|^(active|enabled|in_incident|auto_detection)$/;

let db: { url: string; drop(): Promise<void> };
let client: pg.Client;
beforeAll(async () => {
  db = await createTestDatabase();
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await db?.drop();
});

const q = async <T>(sql: string): Promise<T[]> => (await client.query(sql)).rows as T[];

interface Column {
  table: string;
  name: string;
  num: number;
  type: string;
  notnull: boolean;
  identity: string;
  default: string | null;
}

/** Ordinary and partitioned tables of the public schema, partitions left out (they follow their parent). */
const TABLES = `SELECT c.oid, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition`;

async function columns(): Promise<Column[]> {
  return q<Column>(`SELECT t.relname AS table, a.attname AS name, a.attnum AS num, format_type(a.atttypid, a.atttypmod) AS type,
      a.attnotnull AS notnull, a.attidentity AS identity, pg_get_expr(d.adbin, d.adrelid) AS default
    FROM (${TABLES}) t JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum > 0 AND NOT a.attisdropped
    LEFT JOIN pg_attrdef d ON d.adrelid = t.oid AND d.adnum = a.attnum
    ORDER BY t.relname, a.attnum`);
}

describe('PostgreSQL catalogue', () => {
  it('has the core tables', async () => {
    const names = (await q<{ relname: string }>(TABLES)).map((t) => t.relname);
    for (const t of ['accounts', 'users', 'servers', 'server_tags', 'server_tag_members', 'server_sets', 'server_set_tags',
      'maintenance_windows', 'maintenance_window_servers', 'applications', 'application_servers', 'logs',
      'polled_data_configs', 'polled_data', 'buckets', 'user_keys', 'sessions', 'audit_log', 'leases', 'schema_migrations']) {
      expect(names).toContain(t);
    }
  });

  it('starts every table of account data with account_id bigint NOT NULL', async () => {
    const cols = await columns();
    const bad = [...new Set(cols.map((c) => c.table))]
      .filter((t) => !GLOBAL_TABLES.has(t))
      .map((t) => cols.find((c) => c.table === t)!)
      .filter((c) => c.name !== 'account_id' || c.type !== 'bigint' || !c.notnull)
      .map((c) => `${c.table}: first column is ${c.name} ${c.type}${c.notnull ? ' NOT NULL' : ''}`);
    expect(bad).toEqual([]);
  });

  it('leads every primary key and unique index of account data with account_id', async () => {
    const idx = await q<{ table: string; index: string; primary: boolean; first: string | null }>(`
      SELECT t.relname AS table, i.relname AS index, x.indisprimary AS primary, a.attname AS first
        FROM (${TABLES}) t JOIN pg_index x ON x.indrelid = t.oid AND x.indisunique
        JOIN pg_class i ON i.oid = x.indexrelid
        LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = x.indkey[0]`);
    const bad = idx
      .filter((i) => !GLOBAL_TABLES.has(i.table) && i.first !== 'account_id')
      .map((i) => `${i.table}: ${i.primary ? 'primary key' : 'unique index'} ${i.index} begins with ${i.first ?? 'an expression'}`);
    const withPk = new Set(idx.filter((i) => i.primary).map((i) => i.table));
    const noPk = (await q<{ relname: string }>(TABLES)).filter((t) => !withPk.has(t.relname)).map((t) => `${t.relname}: no primary key`);
    expect([...bad, ...noPk]).toEqual([]);
  });

  it("makes every foreign key of account data include account_id and reference the parent's (account_id, ...) key", async () => {
    const fks = await q<{ table: string; name: string; parent: string; cols: string[]; refs: string[] }>(`
      SELECT t.relname AS table, c.conname AS name, p.relname AS parent,
        array(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(n, o)
          JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.o)::text[] AS cols,
        array(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(n, o)
          JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.o)::text[] AS refs
        FROM (${TABLES}) t JOIN pg_constraint c ON c.conrelid = t.oid AND c.contype = 'f'
        JOIN pg_class p ON p.oid = c.confrelid`);
    const bad: string[] = [];
    for (const fk of fks) {
      const what = `${fk.table}: foreign key ${fk.name} (${fk.cols.join(', ')}) -> ${fk.parent} (${fk.refs.join(', ')})`;
      if (GLOBAL_TABLES.has(fk.table)) {
        if (!GLOBAL_TABLES.has(fk.parent)) bad.push(`${what} points from a global table into account data`);
        continue;
      }
      const at = fk.cols.indexOf('account_id');
      if (at < 0) bad.push(`${what} does not include account_id`);
      else if (GLOBAL_TABLES.has(fk.parent)) {
        if (fk.parent !== 'accounts' || fk.cols.length !== 1 || fk.refs[0] !== 'id') bad.push(`${what} is not (account_id) -> accounts (id)`);
      } else if (fk.refs[at] !== 'account_id') bad.push(`${what} does not match account_id with the parent's account_id`);
    }
    expect(bad).toEqual([]);
  });

  it('takes ids from identity sequences, as bigint', async () => {
    const bad = (await columns())
      .filter((c) => c.name === 'id')
      .filter((c) => c.type !== 'bigint' || !(c.identity !== '' || /^nextval\(/.test(c.default ?? '')))
      .map((c) => `${c.table}: id is ${c.type}${c.identity || c.default ? '' : ' without a sequence'}`);
    expect(bad).toEqual([]);
  });

  it('stores yes/no columns as boolean', async () => {
    const bad = (await columns())
      .filter((c) => BOOLEAN_NAME.test(c.name) && c.type !== 'boolean')
      .map((c) => `${c.table}: ${c.name} is ${c.type}, not boolean`);
    expect(bad).toEqual([]);
  });
});
