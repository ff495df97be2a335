import type { Db } from './db';

/**
 * The SQLite side of moving a store to PostgreSQL (store/migrate-store.ts): where each PostgreSQL table's
 * rows come from, read in the SQLite key's order from a given key on. Most tables have the same name
 * and columns on both sides; the exceptions are spelled out below.
 */
interface SourceSpec {
  table: string;
  /** A condition on the source rows (`src` is the source table). */
  where?: string;
  /** Target columns computed from other tables (SQL over `src`). */
  columns?: Record<string, string>;
  /** Source columns that the target has no column for, because `where` fixes them. */
  fixed?: string[];
  /** Other source tables whose rows land in this target (they then count as migrated). */
  alsoReads?: string[];
}

const serverRollups = (step: number): SourceSpec => ({
  table: 'tm_server_rollups',
  where: `src.step = ${step}`,
  fixed: ['step'],
  // SQLite keeps sums apart from averages (schema-telemetry v2); PostgreSQL has both in one row.
  columns: { sums: '(SELECT u.sums FROM tm_server_rollup_sums u WHERE u.account_id = src.account_id AND u.server_id = src.server_id AND u.step = src.step AND u.time = src.time)' },
  alsoReads: ['tm_server_rollup_sums'],
});
const processRollups = (step: number): SourceSpec => ({ table: 'tm_process_rollups', where: `src.step = ${step}`, fixed: ['step'] });

/** PostgreSQL tables whose rows do not come 1:1 from the SQLite table of the same name. */
const SPECIAL: Record<string, SourceSpec> = {
  // PostgreSQL leads every key by account_id; SQLite's attempt rows take it from their parent.
  callback_attempts: { table: 'callback_attempts', columns: { account_id: '(SELECT d.account_id FROM callback_deliveries d WHERE d.id = src.delivery)' } },
  notification_attempts: { table: 'notification_attempts', columns: { account_id: '(SELECT n.account_id FROM notifications n WHERE n.id = src.notification)' } },
  // SQLite keeps both rollup steps in one table with a step column; PostgreSQL has a table per step.
  tm_server_rollups_hour: serverRollups(3600),
  tm_server_rollups_day: serverRollups(86400),
  tm_process_rollups_hour: processRollups(3600),
  tm_process_rollups_day: processRollups(86400),
};

/** Tables of the SQLite schema that are bookkeeping of their own store, not data. */
export const SQLITE_OWN_TABLES = ['schema_migrations', 'engine_versions', 'history_versions', 'server_list_versions', 'sign_in_version'];

/** A PostgreSQL table's source: the SELECT of its columns (in its column order), then the key. */
export interface Source {
  target: string;
  table: string;
  /** Source tables this target consumes. */
  reads: string[];
  key: string[];
  select: string;
  where: string;
}

const IDENT = /^[a-z_][a-z0-9_]*$/;
const q = (name: string) => {
  if (!IDENT.test(name)) throw new Error(`unexpected SQL name ${JSON.stringify(name)}`);
  return `"${name}"`;
};

/** The data tables of the SQLite store (its own bookkeeping left out). */
export function sqliteTables(db: Db): string[] {
  const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
  return names.filter((n) => !SQLITE_OWN_TABLES.includes(n));
}

interface ColumnInfo {
  name: string;
  pk: number;
}

/**
 * The source of `target` with `columns` (PostgreSQL's, in order), or the problems that prevent it: a
 * target column SQLite has no value for, a SQLite column the target would drop.
 */
export function sourceFor(db: Db, target: string, columns: string[]): { source?: Source; problems: string[] } {
  const spec = SPECIAL[target] ?? { table: target };
  const info = db.prepare(`PRAGMA table_info(${q(spec.table)})`).all() as ColumnInfo[];
  if (info.length === 0) return { problems: [`PostgreSQL table ${target} has no SQLite table ${spec.table}`] };
  const have = new Set(info.map((c) => c.name));
  const problems: string[] = [];
  const exprs = columns.map((c) => {
    const computed = spec.columns?.[c];
    if (computed) return computed;
    if (!have.has(c)) problems.push(`PostgreSQL column ${target}.${c} has no counterpart in SQLite table ${spec.table}`);
    return `src.${q(c)}`;
  });
  for (const c of info) {
    if (!columns.includes(c.name) && !spec.fixed?.includes(c.name)) problems.push(`SQLite column ${spec.table}.${c.name} has no counterpart in PostgreSQL table ${target}`);
  }
  const key = info
    .filter((c) => c.pk > 0 && !spec.fixed?.includes(c.name))
    .sort((a, b) => a.pk - b.pk)
    .map((c) => c.name);
  if (key.length === 0) problems.push(`SQLite table ${spec.table} has no primary key to copy it in order`);
  if (problems.length) return { problems };
  return {
    problems,
    source: {
      target,
      table: spec.table,
      reads: [spec.table, ...(spec.alsoReads ?? [])],
      key,
      select: [...exprs, ...key.map((k) => `src.${q(k)}`)].join(', '),
      where: spec.where ?? '1',
    },
  };
}

/** Values the source's rows may hold that its target cannot (rollup steps other than hour and day). */
export function sourceProblems(db: Db): string[] {
  const problems: string[] = [];
  for (const t of ['tm_server_rollups', 'tm_server_rollup_sums', 'tm_process_rollups']) {
    const steps = db.prepare(`SELECT DISTINCT step FROM ${q(t)} WHERE step NOT IN (3600, 86400)`).pluck().all();
    if (steps.length) problems.push(`${t} has rollups of steps ${steps.join(', ')}, which PostgreSQL has no table for`);
  }
  const sums = Number(db.prepare('SELECT count(*) FROM tm_server_rollup_sums').pluck().get());
  const rollups = Number(db.prepare('SELECT count(*) FROM tm_server_rollups').pluck().get());
  if (sums !== rollups) problems.push(`tm_server_rollup_sums has ${sums} rows for ${rollups} tm_server_rollups`);
  return problems;
}

/** Rows the source has. */
export function countSource(db: Db, s: Source): number {
  return Number(db.prepare(`SELECT count(*) FROM ${q(s.table)} src WHERE ${s.where}`).pluck().get());
}

/**
 * The source's rows after `after` (a key; null from the start) in key order, each as the target's
 * column values followed by the key's. Integers come as bigint, exactly as stored.
 */
export function readSource(db: Db, s: Source, after: unknown[] | null): IterableIterator<unknown[]> {
  const keyList = s.key.map((k) => `src.${q(k)}`).join(', ');
  const from = after ? ` AND (${keyList}) > (${s.key.map(() => '?').join(', ')})` : '';
  const stmt = db.prepare(`SELECT ${s.select} FROM ${q(s.table)} src WHERE ${s.where}${from} ORDER BY ${keyList}`);
  stmt.raw(true).safeIntegers(true);
  return stmt.iterate(...(after ?? [])) as IterableIterator<unknown[]>;
}

/** The UTC days (epoch seconds) of `column` in the source's rows, for the target's day partitions. */
export function sourceDays(db: Db, s: Source, column: string): number[] {
  return db.prepare(`SELECT DISTINCT (src.${q(column)} / 86400) * 86400 FROM ${q(s.table)} src WHERE ${s.where}`).pluck().all() as number[];
}
