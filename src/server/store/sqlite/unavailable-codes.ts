/**
 * SQLite result codes (the primary code, before any extended suffix) that say the store cannot serve
 * now, not that the statement is wrong: a lock held past busy_timeout by another process (a backup, the
 * account CLI), a full disk, an I/O error, a file made read-only. Each with what a client may be told.
 */
const SQLITE_UNAVAILABLE: Record<string, string> = {
  SQLITE_BUSY: 'its file is locked by another process',
  SQLITE_LOCKED: 'its file is locked by another process',
  SQLITE_FULL: 'the disk is full',
  SQLITE_IOERR: 'a disk I/O error',
  SQLITE_READONLY: 'its file is read-only',
  SQLITE_CANTOPEN: 'its file cannot be opened',
};

/** Why the store cannot serve, when better-sqlite3's error `code` says it cannot (else undefined). */
export function sqliteUnavailableReason(code: string): string | undefined {
  return SQLITE_UNAVAILABLE[/^SQLITE_[A-Z]+/.exec(code)?.[0] ?? ''];
}
