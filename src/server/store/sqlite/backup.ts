import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** The store's file inside a data directory (the name store/open.ts opens). */
export const storeFile = (dataDir: string): string => join(dataDir, 'monitoring.sqlite');

/** Rows per table of one SQLite file, by table name (sqlite_* bookkeeping tables left out). */
export type TableCounts = Record<string, number>;

const IDENT = /^[a-z_][a-z0-9_]*$/;

/** Counts the rows of every table of `db` (one read transaction, so the counts are of one instant). */
export function tableCounts(db: Database.Database): TableCounts {
  return db.transaction(() => {
    const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
    const counts: TableCounts = {};
    for (const name of names) {
      if (!IDENT.test(name)) throw new Error(`unexpected table name ${JSON.stringify(name)}`);
      counts[name] = Number(db.prepare(`SELECT count(*) FROM "${name}"`).pluck().get());
    }
    return counts;
  })();
}

/** `PRAGMA integrity_check`: 'ok' or the problems SQLite found. */
export function integrityCheck(db: Database.Database): string {
  return (db.prepare('PRAGMA integrity_check').pluck().all() as string[]).join('; ');
}

/**
 * An online backup of the store in `dataDir` to `toFile` with `VACUUM INTO`: one read transaction on
 * the live database (WAL mode: the service keeps writing meanwhile), so the copy is of one instant
 * and compacted. Never a file copy, which could catch the database file and its WAL out of step.
 * Answers the counts of the backup itself, read back from it.
 */
export function backupSqlite(dataDir: string, toFile: string): { counts: TableCounts; bytes: number } {
  const source = storeFile(dataDir);
  if (!existsSync(source)) throw new Error(`no SQLite store in ${dataDir} (${source} does not exist)`);
  if (existsSync(toFile)) throw new Error(`${toFile} already exists; a backup never overwrites a file`);
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('VACUUM INTO ?').run(toFile);
  } finally {
    db.close();
  }
  const copy = new Database(toFile, { readonly: true, fileMustExist: true });
  try {
    const check = integrityCheck(copy);
    if (check !== 'ok') throw new Error(`the backup ${toFile} fails its integrity check: ${check}`);
    const bytes = Number(copy.pragma('page_count', { simple: true })) * Number(copy.pragma('page_size', { simple: true }));
    return { counts: tableCounts(copy), bytes };
  } finally {
    copy.close();
  }
}

/** What a restore did: the counts of the backup, those of the restored store, and its integrity check. */
export interface RestoreReport {
  file: string;
  backup: TableCounts;
  restored: TableCounts;
  integrity: string;
}

/** True when `dir` does not exist or holds nothing. */
export function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Restores a backup into `dataDir`, which must be empty (a restore never mixes with a store in place),
 * with SQLite's online backup API from the backup file, then checks the result: integrity and the rows
 * per table against the backup's.
 */
export async function restoreSqlite(fromFile: string, target: string): Promise<RestoreReport> {
  if (!existsSync(fromFile)) throw new Error(`${fromFile} does not exist`);
  if (!isEmptyDir(target)) {
    throw new Error(`${target} is not empty: a restore goes into an empty data directory (move the current one aside first)`);
  }
  mkdirSync(target, { recursive: true });
  const file = storeFile(target);
  const src = new Database(fromFile, { readonly: true, fileMustExist: true });
  try {
    const check = integrityCheck(src);
    if (check !== 'ok') throw new Error(`the backup ${fromFile} fails its integrity check: ${check}`);
    await src.backup(file);
    const backup = tableCounts(src);
    const db = new Database(file, { fileMustExist: true });
    try {
      db.pragma('journal_mode = WAL');
      return { file, backup, restored: tableCounts(db), integrity: integrityCheck(db) };
    } finally {
      db.close();
    }
  } finally {
    src.close();
  }
}

/** Tables whose counts differ between two sets of counts (a table missing on one side counts as -1). */
export function countDifferences(a: TableCounts, b: TableCounts): string[] {
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return names.filter((n) => (a[n] ?? -1) !== (b[n] ?? -1)).map((n) => `${n}: ${a[n] ?? 'missing'} vs ${b[n] ?? 'missing'}`);
}
