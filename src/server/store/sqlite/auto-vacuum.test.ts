import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './db';
import { openSqliteStore } from './open';

const dir = mkdtempSync(join(tmpdir(), 'fw-vacuum-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('incremental auto-vacuum', () => {
  it('is set on a new database before its first table', () => {
    const db = openDb(join(dir, 'new.sqlite'));
    expect(db.pragma('auto_vacuum', { simple: true })).toBe(2);
    db.close();
  });

  it('switches an existing WAL database (auto-vacuum off) with one VACUUM at open, its rows kept', () => {
    const file = join(dir, 'old.sqlite');
    const raw = new Database(file);
    raw.pragma('journal_mode = WAL'); // as every store before issue 21
    raw.exec('CREATE TABLE keep (x INTEGER); INSERT INTO keep VALUES (1), (2), (3);');
    expect(raw.pragma('auto_vacuum', { simple: true })).toBe(0);
    raw.close();
    const db = openDb(file);
    expect(db.pragma('auto_vacuum', { simple: true })).toBe(2);
    expect(db.prepare('SELECT COUNT(*) AS n FROM keep').get()).toEqual({ n: 3 });
    db.close();
  });

  it('gives the pages retention freed back to the file system after a run (compact)', async () => {
    const file = join(dir, 'shrink.sqlite');
    const store = openSqliteStore(file);
    store.db.exec('CREATE TABLE filler (x BLOB)');
    const put = store.db.prepare('INSERT INTO filler VALUES (randomblob(4000))');
    store.db.transaction(() => {
      for (let i = 0; i < 5000; i++) put.run();
    })();
    store.db.pragma('wal_checkpoint(TRUNCATE)');
    const full = statSync(file).size;
    store.db.exec('DELETE FROM filler');
    expect(store.db.pragma('freelist_count', { simple: true })).toBeGreaterThan(4000);
    await store.retention.compact();
    store.db.pragma('wal_checkpoint(TRUNCATE)');
    expect(store.db.pragma('freelist_count', { simple: true })).toBe(0);
    expect(statSync(file).size).toBeLessThan(full / 4);
    await store.close();
  });
});
