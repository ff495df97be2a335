import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './db';
import { enforceRetention } from './telemetry/retention';

const dir = mkdtempSync(join(tmpdir(), 'fw-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('labelled-series schema', () => {
  it('version 2 drops the index on series_minutes.time and the minutes whose series is gone, keeping the others', () => {
    const file = join(dir, 'old.sqlite');
    const db = openDb(file);
    // As a store written before version 2: the index, a series with its minutes, minutes of a series removed.
    db.exec('CREATE INDEX series_minutes_time ON series_minutes (time)');
    const account = Number(db.prepare("INSERT INTO accounts (email, key_hash, created) VALUES ('a@b.c', 'x', 0)").run().lastInsertRowid);
    const series = Number(
      db.prepare("INSERT INTO labelled_series (account_id, fingerprint, name, labels, create_time, last_updated) VALUES (?, 'f', 'up', '{}', 0, 0)").run(account).lastInsertRowid,
    );
    const minute = db.prepare('INSERT INTO series_minutes (account_id, series_id, time, count, sum, min, max, last, last_ms) VALUES (?, ?, ?, 1, 1, 1, 1, 1, ?)');
    for (const t of [60, 120]) minute.run(account, series, t, t * 1000);
    minute.run(account, series + 1, 60, 60_000);
    db.prepare("DELETE FROM schema_migrations WHERE module = 'labelled-series' AND version = 2").run();
    db.close();

    const reopened = openDb(file);
    const indexes = reopened.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'series_minutes' AND sql IS NOT NULL").pluck().all();
    const minutes = reopened.prepare('SELECT series_id, time FROM series_minutes ORDER BY series_id, time').all();
    reopened.close();
    expect(indexes).toEqual([]);
    expect(minutes).toEqual([{ series_id: series, time: 60 }, { series_id: series, time: 120 }]);
  });

  it('version 3 adds the sample tables and never gives a series id again, keeping the series', () => {
    const file = join(dir, 'v2.sqlite');
    const db = openDb(file);
    // As a store written before version 3: labelled_series with a plain rowid id, no sample tables.
    db.exec(`DROP TABLE series_samples; DROP TABLE series_chunks; DROP TABLE labelled_series;
CREATE TABLE labelled_series (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE, fingerprint TEXT NOT NULL, name TEXT NOT NULL, labels TEXT NOT NULL, create_time INTEGER NOT NULL, last_updated INTEGER NOT NULL);
CREATE UNIQUE INDEX labelled_series_fingerprint ON labelled_series (account_id, fingerprint);`);
    const account = Number(db.prepare("INSERT INTO accounts (email, key_hash, created) VALUES ('v3@b.c', 'x', 0)").run().lastInsertRowid);
    const add = (d: typeof db, fp: string) =>
      Number(d.prepare("INSERT INTO labelled_series (account_id, fingerprint, name, labels, create_time, last_updated) VALUES (?, ?, 'up', '{}', 0, 0)").run(account, fp).lastInsertRowid);
    const [a, b] = [add(db, 'a'), add(db, 'b')];
    db.prepare("DELETE FROM schema_migrations WHERE module = 'labelled-series' AND version = 3").run();
    db.close();

    const reopened = openDb(file);
    try {
      expect(reopened.prepare('SELECT id, fingerprint FROM labelled_series ORDER BY id').all()).toEqual([{ id: a, fingerprint: 'a' }, { id: b, fingerprint: 'b' }]);
      const tables = reopened.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('series_samples', 'series_chunks') ORDER BY name").pluck().all();
      expect(tables).toEqual(['series_chunks', 'series_samples']);
      // The highest id removed is not handed out again (a plain rowid would give b again).
      reopened.prepare('DELETE FROM labelled_series WHERE id = ?').run(b);
      expect(add(reopened, 'c')).toBeGreaterThan(b);
      expect(reopened.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'labelled_series' AND sql IS NOT NULL ORDER BY name").pluck().all()).toContain('labelled_series_fingerprint');
    } finally {
      reopened.close();
    }
  });

  it('retention removes minutes before the cut along the key, and a series not written since the cut with all its minutes', () => {
    const db = openDb(join(dir, 'retention.sqlite'));
    const account = Number(db.prepare("INSERT INTO accounts (email, key_hash, created) VALUES ('r@b.c', 'x', 0)").run().lastInsertRowid);
    const other = Number(db.prepare("INSERT INTO accounts (email, key_hash, created) VALUES ('o@b.c', 'x', 0)").run().lastInsertRowid);
    const add = (a: number, fp: string, lastUpdated: number) =>
      Number(
        db.prepare("INSERT INTO labelled_series (account_id, fingerprint, name, labels, create_time, last_updated) VALUES (?, ?, 'up', '{}', 0, ?)").run(a, fp, lastUpdated).lastInsertRowid,
      );
    const minute = db.prepare('INSERT INTO series_minutes (account_id, series_id, time, count, sum, min, max, last, last_ms) VALUES (?, ?, ?, 1, 1, 1, 1, 1, ?)');
    const DAY = 86_400;
    const now = 100 * DAY;
    const cut = now - 30 * DAY;
    // Written until now: its minutes before the cut go, the later ones stay.
    const live = add(account, 'live', now);
    // Not written since before the cut, yet with a minute dated after it (a sample from a clock ahead):
    // the series goes with all its minutes, so an id SQLite gives again cannot inherit them.
    const stale = add(account, 'stale', cut - 60);
    // Another account whose retention is forever keeps everything.
    const kept = add(other, 'kept', cut - 60);
    for (const t of [cut - 120, cut + 60]) {
      minute.run(account, live, t, t * 1000);
      minute.run(account, stale, t, t * 1000);
      minute.run(other, kept, t, t * 1000);
    }
    const forever = { minute: null, hour: null, day: null, batchIds: DAY };
    enforceRetention(db, now, { minute: 30 * DAY, hour: 400 * DAY, day: null, batchIds: 8 * DAY }, new Map([[other, forever]]));
    const series = db.prepare('SELECT id FROM labelled_series ORDER BY id').pluck().all();
    const minutes = db.prepare('SELECT series_id, time FROM series_minutes ORDER BY series_id, time').all();
    db.close();
    expect(series).toEqual([live, kept]);
    expect(minutes).toEqual([
      { series_id: live, time: cut + 60 },
      { series_id: kept, time: cut - 120 },
      { series_id: kept, time: cut + 60 },
    ]);
  });
});
