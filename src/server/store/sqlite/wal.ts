import { statSync } from 'node:fs';
import type Database from 'better-sqlite3';

/** Default cap of the write-ahead log (SQLITE_WAL_CAP_MB). */
export const DEFAULT_WAL_CAP_BYTES = 64 * 1024 * 1024;
/** An existing store without incremental auto-vacuum is switched at open (one VACUUM) only below this size. */
export const VACUUM_SWITCH_LIMIT_BYTES = 1024 * 1024 * 1024;

/** A file's size in bytes; 0 when it does not exist (no WAL between checkpoints, an in-memory database). */
export function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/**
 * Incremental auto-vacuum, so pages retention frees can go back to the file system
 * (`PRAGMA incremental_vacuum`, run after each retention run). A new database takes it before its
 * first table; an existing one only through a VACUUM, which rewrites the whole file (and needs as much
 * free disk again): done here at open when the file is below VACUUM_SWITCH_LIMIT_BYTES, otherwise left
 * to the operator (docs/retention.md) with a line saying so. Runs before WAL mode is set.
 */
export function prepareAutoVacuum(db: Database.Database, file: string): void {
  if ((db.pragma('auto_vacuum', { simple: true }) as number) === 2) return;
  if ((db.pragma('page_count', { simple: true }) as number) === 0) {
    db.pragma('auto_vacuum = INCREMENTAL');
    return;
  }
  const size = fileSize(file);
  if (size >= VACUUM_SWITCH_LIMIT_BYTES) {
    console.warn(`sqlite: ${file} (${Math.round(size / 1048576)} MiB) has no incremental auto-vacuum; freed pages stay in the file until it is switched (docs/retention.md)`);
    return;
  }
  db.pragma('auto_vacuum = INCREMENTAL');
  db.exec('VACUUM');
}

/**
 * Bounds the WAL: SQLite checkpoints after `capBytes / 4` of pages are written (wal_autocheckpoint), and
 * truncates the file back to `capBytes` after a checkpoint (journal_size_limit). A checkpoint cannot
 * reset the log while a reader of another connection (the account CLI, a backup) holds an old
 * snapshot, so the guard also checks the file's size and forces a TRUNCATE checkpoint past the cap.
 */
export function limitWal(db: Database.Database, capBytes: number): void {
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.pragma(`wal_autocheckpoint = ${Math.max(64, Math.floor(capBytes / 4 / pageSize))}`);
  db.pragma(`journal_size_limit = ${capBytes}`);
}

/** Checkpoints and truncates the WAL when its file is past `capBytes`; answers whether it did. */
export function checkpointIfOver(db: Database.Database, file: string, capBytes: number): boolean {
  if (fileSize(`${file}-wal`) <= capBytes) return false;
  db.pragma('wal_checkpoint(TRUNCATE)');
  return true;
}

export interface WalGuard {
  capBytes: number;
  stop(): void;
}

/** Checks the WAL every `everyMs` (and after retention runs) and truncates it past its cap. */
export function startWalGuard(db: Database.Database, file: string, capBytes: number, everyMs = 2000): WalGuard {
  const timer = setInterval(() => {
    try {
      if (db.open) checkpointIfOver(db, file, capBytes);
    } catch (err) {
      // SQLITE_BUSY: a writer of another process holds the lock; the next tick tries again.
      console.error('sqlite: WAL checkpoint failed:', err instanceof Error ? err.message : err);
    }
  }, everyMs);
  timer.unref();
  return { capBytes, stop: () => clearInterval(timer) };
}
