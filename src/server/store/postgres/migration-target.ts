import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { Pg } from './db';
import { ensurePartitions } from './partitions';

/**
 * The PostgreSQL side of moving a SQLite store here (store/migrate-store.ts): the tables to fill, read
 * from the catalog; the progress table `store_migration` that makes the copy resumable; COPY of one
 * batch together with its progress in one transaction, so an interrupted run never leaves a batch half
 * in or counted twice.
 */
export interface TargetColumn {
  name: string;
  type: string;
  identity: boolean;
}
export interface TargetTable {
  table: string;
  columns: TargetColumn[];
  pk: string[];
  /** The RANGE partition column of a partitioned table. */
  partitionColumn?: string;
}

/** Bookkeeping tables that are not data: the migrations applied and this progress table. */
const OWN_TABLES = ['schema_migrations', 'store_migration'];
/** The progress row that is done once every table is copied, sequences are set and checksums agree. */
export const ALL_VERIFIED = '(verified)';

const IDENT = /^[a-z_][a-z0-9_]*$/;
const q = (name: string) => {
  if (!IDENT.test(name)) throw new Error(`unexpected SQL name ${JSON.stringify(name)}`);
  return `"${name}"`;
};

/** The data tables of the schema (partitions as their parent), with columns, primary key and partitioning. */
export async function targetTables(pg: Pg): Promise<TargetTable[]> {
  const tables = await pg.rows<{ table: string; part: string | null }>(
    `SELECT c.relname AS table, CASE WHEN c.relkind = 'p' THEN pg_get_partkeydef(c.oid) END AS part
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
  );
  const out: TargetTable[] = [];
  for (const t of tables.filter((x) => !OWN_TABLES.includes(x.table))) {
    const columns = await pg.rows<TargetColumn>(
      `SELECT attname AS name, format_type(atttypid, atttypmod) AS type, attidentity <> '' AS identity
       FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
      [q(t.table)],
    );
    const pk = await pg.rows<{ name: string }>(
      `SELECT a.attname AS name FROM pg_index i CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY k(attnum, ord)
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
       WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY k.ord`,
      [q(t.table)],
    );
    const m = t.part ? /^RANGE \("?([a-z_][a-z0-9_]*)"?\)$/.exec(t.part) : null;
    if (t.part && !m) throw new Error(`${t.table} is partitioned by ${t.part}; only RANGE on one column is known`);
    out.push({ table: t.table, columns, pk: pk.map((p) => p.name), partitionColumn: m?.[1] });
  }
  const edges = await pg.rows<{ from: string; to: string }>(
    `SELECT DISTINCT r.relname AS from, f.relname AS to FROM pg_constraint c
     JOIN pg_class r ON r.oid = c.conrelid JOIN pg_class f ON f.oid = c.confrelid
     WHERE c.contype = 'f' AND NOT r.relispartition AND r.oid <> f.oid`,
  );
  return referencedFirst(out, edges);
}

/** Orders tables so that each comes after the tables its foreign keys reference (the copy's order). */
function referencedFirst(tables: TargetTable[], edges: { from: string; to: string }[]): TargetTable[] {
  const byName = new Map(tables.map((t) => [t.table, t]));
  const needs = new Map(tables.map((t) => [t.table, new Set(edges.filter((e) => e.from === t.table && byName.has(e.to)).map((e) => e.to))]));
  const out: TargetTable[] = [];
  while (needs.size) {
    const ready = [...needs].filter(([, n]) => [...n].every((x) => !needs.has(x))).map(([name]) => name).sort();
    if (ready.length === 0) throw new Error(`foreign keys form a cycle among ${[...needs.keys()].join(', ')}`);
    for (const name of ready) {
      out.push(byName.get(name)!);
      needs.delete(name);
    }
  }
  return out;
}

/** Progress of one table. */
export interface TableProgress {
  table: string;
  lastKey: unknown[] | null;
  rows: number;
  done: boolean;
}

/** Whether a migration has started in this database (its progress table exists). */
export async function hasProgress(pg: Pg): Promise<boolean> {
  return Boolean((await pg.row<{ r: string | null }>("SELECT to_regclass('store_migration')::text AS r"))?.r);
}

/** The tables among `tables` that hold rows (a migration goes into an empty database only). */
export async function tablesWithRows(pg: Pg, tables: string[]): Promise<string[]> {
  const full: string[] = [];
  for (const t of tables) if ((await pg.row(`SELECT 1 AS x FROM ${q(t)} LIMIT 1`)) !== undefined) full.push(t);
  return full;
}

/** Creates the progress table with a row per table, all to do (from then on the service refuses the database). */
export async function startProgress(pg: Pg, tables: string[]): Promise<void> {
  await pg.tx(async (tx) => {
    await tx.exec(`CREATE TABLE IF NOT EXISTS store_migration (
      table_name text PRIMARY KEY, last_key jsonb, rows bigint NOT NULL DEFAULT 0, done boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await tx.exec('INSERT INTO store_migration (table_name) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [[...tables, ALL_VERIFIED]]);
  });
}

export async function readProgress(pg: Pg): Promise<Map<string, TableProgress>> {
  const rows = await pg.rows<{ table_name: string; last_key: unknown[] | null; rows: number; done: boolean }>(
    'SELECT table_name, last_key, rows, done FROM store_migration',
  );
  return new Map(rows.map((r) => [r.table_name, { table: r.table_name, lastKey: r.last_key, rows: r.rows, done: r.done }]));
}

/** Creates the day partitions of `days` ahead of the copy (rows would otherwise land in the default partition). */
export async function preparePartitions(pg: Pg, t: TargetTable, days: number[]): Promise<void> {
  if (t.partitionColumn && days.length) await ensurePartitions(pg, { table: t.table, column: t.partitionColumn }, days);
}

/** COPYs one batch (COPY text lines) and records its last key, in one transaction. */
export async function copyBatch(pg: Pg, t: TargetTable, lines: string[], lastKey: unknown[]): Promise<void> {
  await pg.tx(async (tx) => {
    const stream = tx.client.query(copyFrom(`COPY ${q(t.table)} (${t.columns.map((c) => q(c.name)).join(', ')}) FROM STDIN`));
    await pipeline(Readable.from([lines.join('\n') + '\n']), stream);
    await tx.exec('UPDATE store_migration SET last_key = $2, rows = rows + $3, updated_at = now() WHERE table_name = $1', [
      t.table,
      JSON.stringify(lastKey),
      lines.length,
    ]);
  });
}

export async function markDone(pg: Pg, table: string): Promise<void> {
  await pg.exec('UPDATE store_migration SET done = true, updated_at = now() WHERE table_name = $1', [table]);
}

/** Sets every identity sequence past the largest id copied, so new rows do not collide with copied ones. */
export async function advanceSequences(pg: Pg, tables: TargetTable[]): Promise<void> {
  for (const t of tables) {
    for (const c of t.columns.filter((x) => x.identity)) {
      await pg.exec(
        `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT max(${q(c.name)}) FROM ${q(t.table)}), 1),
                (SELECT max(${q(c.name)}) IS NOT NULL FROM ${q(t.table)}))`,
        [t.table, c.name],
      );
    }
  }
}

/** Reads every row of `t` in primary-key order, a page at a time, as arrays of its column values. */
export async function* readTarget(pg: Pg, t: TargetTable, page = 20_000): AsyncGenerator<unknown[][]> {
  const cols = t.columns.map((c) => q(c.name)).join(', ');
  const pk = t.pk.map(q).join(', ');
  const pkAt = t.pk.map((k) => t.columns.findIndex((c) => c.name === k));
  let after: unknown[] | null = null;
  for (;;) {
    const where: string = after ? `WHERE (${pk}) > (${t.pk.map((_, i) => `$${i + 1}`).join(', ')})` : '';
    const r = await pg.pool.query({ text: `SELECT ${cols} FROM ${q(t.table)} ${where} ORDER BY ${pk} LIMIT ${page}`, values: after ?? [], rowMode: 'array' });
    const rows = r.rows as unknown[][];
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1]!;
    after = pkAt.map((i) => last[i]);
  }
}

/** Marks the whole migration verified: the service starts on this database from then on. */
export async function finishProgress(pg: Pg): Promise<void> {
  await markDone(pg, ALL_VERIFIED);
}

/**
 * Refuses a database that a migration from SQLite left half done (the service must not start on a part
 * of the data): called at open, after the schema migrations.
 */
export async function assertNotHalfMigrated(pg: Pg): Promise<void> {
  if (!(await hasProgress(pg))) return;
  const open = await pg.rows<{ table_name: string }>('SELECT table_name FROM store_migration WHERE NOT done ORDER BY table_name');
  if (open.length === 0) return;
  throw new Error(
    `this database is half-way through a migration from SQLite (store_migration: ${open.length} step(s) not done, e.g. ${open[0]!.table_name}); ` +
      'finish it with `npm run migrate-store -- --from <SQLite DATA_DIR> --to <this DATABASE_URL>` (it resumes), or drop the database and start again',
  );
}
