/** The store cannot be reached (database down, connection lost): answered 503, retried by clients. */
export class StoreUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(
    detail: string,
    /** What a client may be told (a SQLite file's state); a connection's detail is for the log only. */
    readonly reason?: string,
  ) {
    super(`The database is unavailable: ${detail}`);
    this.name = 'StoreUnavailableError';
  }
}

/**
 * SQLite result codes (the primary code, before any extended suffix) that say the store cannot serve
 * now, not that the statement is wrong: a lock held past busy_timeout by another process (a backup, the
 * account CLI), a full disk, an I/O error, a file made read-only.
 */
const SQLITE_UNAVAILABLE: Record<string, string> = {
  SQLITE_BUSY: 'its file is locked by another process',
  SQLITE_LOCKED: 'its file is locked by another process',
  SQLITE_FULL: 'the disk is full',
  SQLITE_IOERR: 'a disk I/O error',
  SQLITE_READONLY: 'its file is read-only',
  SQLITE_CANTOPEN: 'its file cannot be opened',
};

/** The error as a StoreUnavailableError when it says the store cannot serve now (either store), else null. */
export function asStoreUnavailable(err: unknown): StoreUnavailableError | null {
  if (err instanceof StoreUnavailableError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  const reason = SQLITE_UNAVAILABLE[/^SQLITE_[A-Z]+/.exec(code)?.[0] ?? ''];
  return reason ? new StoreUnavailableError(`${code}: ${(err as Error).message}`, reason) : null;
}
