import { describe, expect, it } from 'vitest';
import { asStoreUnavailable, StoreUnavailableError } from './errors';

const sqliteError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('asStoreUnavailable', () => {
  it.each([
    ['SQLITE_BUSY', 'database is locked', 'its file is locked by another process'],
    ['SQLITE_BUSY_SNAPSHOT', 'database is locked', 'its file is locked by another process'],
    ['SQLITE_FULL', 'database or disk is full', 'the disk is full'],
    ['SQLITE_IOERR_WRITE', 'disk I/O error', 'a disk I/O error'],
    ['SQLITE_READONLY_DBMOVED', 'attempt to write a readonly database', 'its file is read-only'],
  ])('takes %s as unavailable, with a reason a client may read', (code, message, reason) => {
    const e = asStoreUnavailable(sqliteError(code, message));
    expect(e).toBeInstanceOf(StoreUnavailableError);
    expect(e?.reason).toBe(reason);
    expect(e?.message).toContain(code);
  });

  it.each([
    ['SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed: tags.name'],
    ['SQLITE_ERROR', 'no such table: nothing'],
    ['SQLITE_MISMATCH', 'datatype mismatch'],
    ['23505', 'duplicate key value violates unique constraint'],
  ])('leaves %s to the caller (a bug or a rule, not an outage)', (code, message) => {
    expect(asStoreUnavailable(sqliteError(code, message))).toBeNull();
  });

  it('answers a StoreUnavailableError as it is (no reason: a connection detail is for the log)', () => {
    const e = new StoreUnavailableError('connect ECONNREFUSED 10.0.0.5:5432');
    expect(asStoreUnavailable(e)).toBe(e);
    expect(e.reason).toBeUndefined();
  });

  it('is null for what carries no code', () => {
    expect(asStoreUnavailable(new Error('x'))).toBeNull();
    expect(asStoreUnavailable(null)).toBeNull();
    expect(asStoreUnavailable(undefined)).toBeNull();
  });
});
