import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { versionedCache } from './versioned-cache';

// The rules every version-checked cache of the SQLite store shares (engine alerts, history and server
// list pages, sign-in credentials): an entry answers only at the version it was read at, nothing is
// kept or answered inside a transaction, and the weight kept stays within the capacity.
let db: Database.Database;
beforeEach(() => {
  db = new Database(':memory:');
  db.exec('CREATE TABLE versions (account_id INTEGER PRIMARY KEY, v INTEGER NOT NULL)');
});
afterEach(() => db.close());

const bump = (account: number) => db.prepare('INSERT INTO versions VALUES (?, 1) ON CONFLICT (account_id) DO UPDATE SET v = v + 1').run(account);
const cacheOf = (capacity: number) => versionedCache<string[]>(db, 'SELECT v FROM versions WHERE account_id = ?', capacity, (e) => e.length);

describe('versionedCache', () => {
  it('answers an entry only at the version it was kept at, per account', () => {
    const c = cacheOf(10);
    expect(c.version(1)).toBe(0); // no row yet
    c.set('1|k', 0, ['a']);
    expect(c.get('1|k', 0)).toEqual(['a']);
    bump(1);
    expect(c.version(1)).toBe(1);
    expect(c.get('1|k', c.version(1)!)).toBeUndefined();
    expect(c.version(2)).toBe(0); // another account's version stands
  });

  it('gives no version inside a transaction, so nothing is read from it or kept', () => {
    const c = cacheOf(10);
    db.transaction(() => expect(c.version(1)).toBeUndefined())();
    expect(c.version(1)).toBe(0);
  });

  it('starts over past its capacity, counts a replaced entry once and never keeps one heavier than all of it', () => {
    const c = cacheOf(4);
    c.set('a', 0, ['1', '2']);
    c.set('a', 0, ['1', '2', '3']); // replaces: 3 kept, not 5
    c.set('b', 0, ['1']);
    expect([c.get('a', 0)?.length, c.get('b', 0)?.length]).toEqual([3, 1]);
    c.set('c', 0, ['1']); // 5 > 4: the others go
    expect([c.get('a', 0), c.get('b', 0), c.get('c', 0)]).toEqual([undefined, undefined, ['1']]);
    c.set('d', 0, ['1', '2', '3', '4', '5']);
    expect(c.get('d', 0)).toBeUndefined();
    expect(c.get('c', 0)).toEqual(['1']);
  });

  it('reads a version without parameters where there is one row for all (the sign-in version)', () => {
    db.exec('CREATE TABLE one (v INTEGER NOT NULL); INSERT INTO one VALUES (7)');
    expect(versionedCache(db, 'SELECT v FROM one', 1).version()).toBe(7);
  });
});
