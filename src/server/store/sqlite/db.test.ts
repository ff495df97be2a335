import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../config';
import { DEFAULT_CACHE_BYTES } from './db';
import { openSqliteStore } from './open';

const dir = mkdtempSync(join(tmpdir(), 'fw-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the SQLite page cache (SQLITE_CACHE_MB)', () => {
  it('sizes the connection as asked, and by default', async () => {
    const sized = openSqliteStore(join(dir, 'a.sqlite'), { cacheBytes: 8 * 1048576 });
    expect(sized.db.pragma('cache_size', { simple: true })).toBe(-8192);
    await sized.close();
    const plain = openSqliteStore(join(dir, 'b.sqlite'));
    expect(plain.db.pragma('cache_size', { simple: true })).toBe(-DEFAULT_CACHE_BYTES / 1024);
    await plain.close();
  });

  it('is read from the environment, the default the same, a bad value refused by name', () => {
    expect(readEnv({ SQLITE_CACHE_MB: '12' }).SQLITE_CACHE_MB).toBe(12);
    expect(readEnv({}).SQLITE_CACHE_MB * 1048576).toBe(DEFAULT_CACHE_BYTES);
    expect(() => readEnv({ SQLITE_CACHE_MB: '0' })).toThrow(/SQLITE_CACHE_MB/);
  });
});
