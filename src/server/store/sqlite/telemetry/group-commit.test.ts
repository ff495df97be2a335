import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { GROUP_MAX, groupCommit } from './group-commit';

function setup() {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  db.exec(`CREATE TABLE t (v INTEGER UNIQUE);
    CREATE TABLE parent (id INTEGER PRIMARY KEY);
    CREATE TABLE child (pid INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)`);
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
  const count = () => (db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n;
  return { db, insert, count, group: groupCommit(db) };
}

describe('groupCommit', () => {
  it('commits the units queued in one turn together and answers each after the commit', async () => {
    const { db, insert, count, group } = setup();
    const seenOutside: boolean[] = [];
    const units = [1, 2, 3].map((v) => group.run(db.transaction(() => insert.run(v).changes)).then((n) => (seenOutside.push(!db.inTransaction), n)));
    expect(count()).toBe(0); // nothing runs before the turn ends
    expect(await Promise.all(units)).toEqual([1, 1, 1]);
    expect(seenOutside).toEqual([true, true, true]);
    expect(count()).toBe(3);
  });

  it('rolls back a unit that throws, alone, and rejects it with its error', async () => {
    const { db, insert, count, group } = setup();
    const a = group.run(db.transaction(() => insert.run(1).changes));
    const bad = group.run(db.transaction(() => {
      insert.run(2);
      insert.run(1); // UNIQUE: the savepoint of this unit is rolled back, its row 2 with it
    }));
    const c = group.run(db.transaction(() => insert.run(3).changes));
    await expect(bad).rejects.toThrow(/UNIQUE/);
    expect(await Promise.all([a, c])).toEqual([1, 1]);
    expect(db.prepare('SELECT v FROM t ORDER BY v').pluck().all()).toEqual([1, 3]);
    expect(count()).toBe(2);
  });

  it('rejects every unit of a group whose COMMIT fails, and tells each that it was aborted', async () => {
    const { db, insert, count, group } = setup();
    const aborted: number[] = [];
    const ok = group.run(db.transaction(() => insert.run(1)), () => aborted.push(1));
    // A deferred foreign key is checked at COMMIT only: the whole group fails there.
    const breaks = group.run(db.transaction(() => db.prepare('INSERT INTO child (pid) VALUES (99)').run()), () => aborted.push(2));
    await expect(ok).rejects.toThrow(/FOREIGN KEY/);
    await expect(breaks).rejects.toThrow(/FOREIGN KEY/);
    expect(aborted).toEqual([1, 2]);
    expect(count()).toBe(0);
    expect(db.inTransaction).toBe(false);
  });

  it('takes a burst larger than GROUP_MAX (several commits), every unit in order', async () => {
    const { db, insert, group } = setup();
    const n = GROUP_MAX * 2 + 5;
    const order: number[] = [];
    await Promise.all(Array.from({ length: n }, (_, v) => group.run(db.transaction(() => (order.push(v), insert.run(v))))));
    expect(order).toEqual(Array.from({ length: n }, (_, v) => v));
    expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(n);
  });
});
