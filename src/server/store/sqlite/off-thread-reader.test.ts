import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './db';
import { offThreadReader } from './off-thread-reader';

const dir = mkdtempSync(join(tmpdir(), 'fw-reader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('offThreadReader', () => {
  const file = join(dir, 'store.db');
  const db = openDb(file, 64 * 1024 * 1024);
  db.exec('CREATE TABLE t (account_id INTEGER, v INTEGER)');
  db.prepare('INSERT INTO t VALUES (?, ?)').run(1, 10);

  it("reads what the writer committed, in one snapshot per batch, with parameters", async () => {
    const reader = offThreadReader(file);
    db.prepare('INSERT INTO t VALUES (?, ?)').run(2, 20);
    const [all, mine] = await reader.all<{ n: number }>([{ sql: 'SELECT COUNT(*) AS n FROM t' }, { sql: 'SELECT COUNT(*) AS n FROM t WHERE account_id = ?', params: [2] }]);
    expect(all).toEqual([{ n: 2 }]);
    expect(mine).toEqual([{ n: 1 }]);
    await reader.close();
  });

  it('keeps the calling thread free while a long read runs', async () => {
    const reader = offThreadReader(file);
    let ticks = 0;
    let done = false;
    const tick = () => {
      ticks++;
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    // A read of a few hundred milliseconds at least: on the calling thread no tick could run during it.
    const [rows] = await reader.all<{ n: number }>([{ sql: 'WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 3000000) SELECT COUNT(*) AS n FROM c' }]);
    done = true;
    expect(rows).toEqual([{ n: 3_000_000 }]);
    expect(ticks).toBeGreaterThan(20);
    await reader.close();
  });

  it('answers a bad statement with its error and keeps serving; close fails nothing already answered', async () => {
    const reader = offThreadReader(file);
    await expect(reader.all([{ sql: 'SELECT * FROM missing' }])).rejects.toThrow(/no such table: missing/);
    await expect(reader.all([{ sql: 'INSERT INTO t VALUES (3, 30) RETURNING v' }])).rejects.toThrow(/readonly/);
    expect(await reader.all([{ sql: 'SELECT COUNT(*) AS n FROM t' }])).toEqual([[{ n: 2 }]]);
    await reader.close();
    // A reader closed and used again starts a new thread.
    expect(await reader.all([{ sql: 'SELECT 1 AS one' }])).toEqual([[{ one: 1 }]]);
    await reader.close();
  });
});
