import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { makeIdsAutoincrement, migrate } from './migrations';

describe('makeIdsAutoincrement', () => {
  it('keeps rows, indexes, triggers and references, and never hands out a deleted id again', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, [
      {
        name: 't',
        migrations: [
          {
            version: 1,
            sql: `CREATE TABLE parents (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                  CREATE INDEX parents_name ON parents (name);
                  CREATE TABLE children (id INTEGER PRIMARY KEY, parent INTEGER NOT NULL REFERENCES parents(id) ON DELETE CASCADE);
                  CREATE TABLE log (what TEXT);
                  CREATE TRIGGER parents_gone AFTER DELETE ON parents BEGIN INSERT INTO log VALUES (old.name); END;
                  INSERT INTO parents (name) VALUES ('a'), ('b'), ('c');
                  INSERT INTO children (parent) VALUES (3);`,
          },
          { version: 2, foreignKeysOff: true, run: (d) => makeIdsAutoincrement(d, 'parents') },
        ],
      },
    ]);
    expect(db.prepare('SELECT id, name FROM parents ORDER BY id').all()).toEqual([{ id: 1, name: 'a' }, { id: 2, name: 'b' }, { id: 3, name: 'c' }]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE tbl_name = 'parents' AND type IN ('index', 'trigger') ORDER BY name").all()).toEqual([
      { name: 'parents_gone' },
      { name: 'parents_name' },
    ]);
    db.prepare('DELETE FROM parents WHERE id = 3').run();
    expect(db.prepare('SELECT COUNT(*) AS n FROM children').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT what FROM log').all()).toEqual([{ what: 'c' }]);
    expect(Number(db.prepare("INSERT INTO parents (name) VALUES ('d')").run().lastInsertRowid)).toBe(4);
    expect(db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({ n: 2 });
  });
});
