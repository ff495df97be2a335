import { sqliteUnavailableReason } from './sqlite/unavailable-codes';

/** The store cannot be reached (database down, connection lost): answered 503, retried by clients. */
export class StoreUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(
    detail: string,
    /** What a client may be told (a SQLite file's state, a lock not granted); a connection's detail is for the log only. */
    readonly reason?: string,
    /** The database's own code (SQLSTATE, SQLite result code), when it gave one. */
    readonly code?: string,
  ) {
    super(`The database is unavailable: ${detail}`);
    this.name = 'StoreUnavailableError';
  }
}

/**
 * The error as a StoreUnavailableError when it says the store cannot serve now, else null. PostgreSQL's
 * are wrapped where its queries run (postgres/db.ts); SQLite's are raised by synchronous calls anywhere,
 * so they are judged here by their code (sqlite/unavailable-codes.ts).
 */
export function asStoreUnavailable(err: unknown): StoreUnavailableError | null {
  if (err instanceof StoreUnavailableError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  const reason = sqliteUnavailableReason(code);
  return reason ? new StoreUnavailableError(`${code}: ${(err as Error).message}`, reason, code) : null;
}
