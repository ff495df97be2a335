import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './db';

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
});
