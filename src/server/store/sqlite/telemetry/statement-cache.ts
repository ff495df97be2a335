import type { Db } from '../db';

/**
 * Prepared statements built once per database handle: sinks run for every batch, and preparing on
 * each call would cost more than the inserts themselves.
 */
export function statementCache<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let s = cache.get(db);
    if (!s) {
      s = build(db);
      cache.set(db, s);
    }
    return s;
  };
}
