import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './db';

const dir = mkdtempSync(join(tmpdir(), 'fw-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('buckets schema', () => {
  it('reads buckets stored as "set" before version 2 as gauges, and leaves the other types alone', () => {
    const file = join(dir, 'old.sqlite');
    const db = openDb(file);
    // As a store written before version 2: its set bucket, and no record of version 2.
    const account = Number(db.prepare("INSERT INTO accounts (email, key_hash, created) VALUES ('a@b.c', 'x', 0)").run().lastInsertRowid);
    const add = db.prepare('INSERT INTO buckets (account_id, name, type, create_time, last_updated) VALUES (?, ?, ?, 0, 0)');
    add.run(account, 'users.unique', 'set');
    add.run(account, 'hits', 'counter');
    db.prepare("DELETE FROM schema_migrations WHERE module = 'buckets' AND version = 2").run();
    db.close();

    const reopened = openDb(file);
    const types = reopened.prepare('SELECT name, type FROM buckets ORDER BY name').all();
    reopened.close();
    expect(types).toEqual([
      { name: 'hits', type: 'counter' },
      { name: 'users.unique', type: 'gauge' },
    ]);
  });
});
