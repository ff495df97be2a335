import { canonical, copyField, kindOf, TableChecksum, type ValueKind } from './common/migration-values';
import { openPg, type Pg } from './postgres/db';
import { migratePg } from './postgres/migrate';
import {
  advanceSequences,
  copyBatch,
  finishProgress,
  hasProgress,
  markDone,
  preparePartitions,
  readProgress,
  readTarget,
  startProgress,
  tablesWithRows,
  targetTables,
  type TargetTable,
} from './postgres/migration-target';
import { openDb, type Db } from './sqlite/db';
import { countSource, readSource, sourceDays, sourceFor, sourceProblems, sqliteTables, type Source } from './sqlite/migration-source';

/** One table of the migration: its PostgreSQL target, its SQLite source, the kind of each column. */
interface Pair {
  target: TargetTable;
  source: Source;
  kinds: ValueKind[];
}

/** The outcome per table: rows and checksum on each side. */
export interface TableReport {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
  ok: boolean;
}

export interface MigrateOptions {
  /** Rows per COPY (and per progress update). */
  batch?: number;
  onProgress?: (msg: string) => void;
  /** Called after each committed batch (tests interrupt the run here). */
  afterBatch?: (table: string, rows: number) => void;
}

export interface MigrateReport {
  resumed: boolean;
  copied: number;
  ms: number;
  tables: TableReport[];
  ok: boolean;
}

/**
 * Pairs every PostgreSQL table with its SQLite source and checks that nothing is left over: a table or
 * column on either side without a counterpart fails the whole run, never skipped in silence.
 */
function plan(db: Db, targets: TargetTable[]): Pair[] {
  const problems: string[] = [...sourceProblems(db)];
  const pairs: Pair[] = [];
  for (const target of targets) {
    const kinds = target.columns.map((c) => kindOf(c.type));
    target.columns.forEach((c, i) => kinds[i] === undefined && problems.push(`PostgreSQL column ${target.table}.${c.name} has type ${c.type}, unknown to the migration`));
    const r = sourceFor(db, target.table, target.columns.map((c) => c.name));
    problems.push(...r.problems);
    if (r.source && !kinds.includes(undefined)) pairs.push({ target, source: r.source, kinds: kinds as ValueKind[] });
  }
  const read = new Set(pairs.flatMap((p) => p.source.reads));
  for (const t of sqliteTables(db)) if (!read.has(t)) problems.push(`SQLite table ${t} has no counterpart in PostgreSQL`);
  if (problems.length) throw new Error(`the two schemas do not match, nothing copied:\n  ${problems.join('\n  ')}`);
  return pairs;
}

/** Copies one table from its resume point, batch by batch, each batch with its progress in one transaction. */
async function copyTable(db: Db, pg: Pg, p: Pair, after: unknown[] | null, opts: Required<Pick<MigrateOptions, 'batch'>> & MigrateOptions): Promise<number> {
  if (p.target.partitionColumn) await preparePartitions(pg, p.target, sourceDays(db, p.source, p.target.partitionColumn));
  const n = p.kinds.length;
  let lines: string[] = [];
  let lastKey: unknown[] = [];
  let copied = 0;
  const flush = async () => {
    await copyBatch(pg, p.target, lines, lastKey);
    copied += lines.length;
    opts.afterBatch?.(p.target.table, copied);
    lines = [];
  };
  for (const row of readSource(db, p.source, after)) {
    lines.push(p.kinds.map((k, i) => copyField(k, row[i])).join('\t'));
    lastKey = row.slice(n).map((v) => (typeof v === 'bigint' ? Number(v) : v));
    if (lines.length >= opts.batch) await flush();
  }
  if (lines.length) await flush();
  return copied;
}

/** Rows and checksum of both sides of one table. */
async function verify(db: Db, pg: Pg, p: Pair): Promise<TableReport> {
  const src = new TableChecksum();
  for (const row of readSource(db, p.source, null)) src.add(p.kinds.map((k, i) => canonical(k, row[i], true)));
  const dst = new TableChecksum();
  for await (const rows of readTarget(pg, p.target)) for (const row of rows) dst.add(p.kinds.map((k, i) => canonical(k, row[i], false)));
  const sourceRows = countSource(db, p.source);
  return {
    table: p.target.table,
    sourceRows,
    targetRows: dst.rows,
    sourceChecksum: src.hex(),
    targetChecksum: dst.hex(),
    ok: sourceRows === src.rows && src.rows === dst.rows && src.hex() === dst.hex(),
  };
}

/**
 * Copies the SQLite store in `sqliteFile` into the PostgreSQL database at `url`: migrations first (as the
 * service does at start), then, into an empty database only, every table in turn in the source's key
 * order (account first where SQLite keys by account), in batches; resumable from the progress table
 * after an interruption. Ends with sequences set past the copied ids and rows plus a checksum compared
 * per table; only then is the database marked as fully migrated.
 */
export async function migrateStore(sqliteFile: string, url: string, options: MigrateOptions = {}): Promise<MigrateReport> {
  const opts = { batch: 5000, ...options };
  const t0 = Date.now();
  const db = openDb(sqliteFile);
  const pg = openPg(url, { max: 2 });
  try {
    await migratePg(pg);
    const pairs = plan(db, await targetTables(pg));
    const resumed = await hasProgress(pg);
    if (!resumed) {
      const full = await tablesWithRows(pg, pairs.map((p) => p.target.table));
      if (full.length) throw new Error(`the database is not empty (${full.slice(0, 5).join(', ')} hold rows): migrate-store copies into an empty database only`);
      await startProgress(pg, pairs.map((p) => p.target.table));
    } else {
      await startProgress(pg, pairs.map((p) => p.target.table)); // a table added since the first run
      opts.onProgress?.('resuming an interrupted migration');
    }
    // One read transaction: every table is read as of one instant of the SQLite store.
    db.exec('BEGIN');
    const progress = await readProgress(pg);
    let copied = 0;
    for (const p of pairs) {
      const at = progress.get(p.target.table);
      if (at?.done) continue;
      const t1 = Date.now();
      const n = await copyTable(db, pg, p, at?.lastKey ?? null, opts);
      await markDone(pg, p.target.table);
      copied += n;
      opts.onProgress?.(`${p.target.table}: ${n} rows${at?.lastKey ? ` (resumed after ${at.rows})` : ''} in ${Date.now() - t1} ms`);
    }
    await advanceSequences(pg, pairs.map((p) => p.target));
    const tables: TableReport[] = [];
    for (const p of pairs) tables.push(await verify(db, pg, p));
    db.exec('COMMIT');
    const ok = tables.every((t) => t.ok);
    if (ok) await finishProgress(pg);
    return { resumed, copied, ms: Date.now() - t0, tables, ok };
  } finally {
    if (db.inTransaction) db.exec('ROLLBACK');
    db.close();
    await pg.close();
  }
}
