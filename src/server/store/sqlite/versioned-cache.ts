import type { Db } from './db';

/** What a cache answers from: the version to compare with, or `undefined` where nothing may be kept. */
export interface VersionedCache<E> {
  /**
   * The version now (the row of `versionSql` for these parameters, 0 when it has none), or `undefined`
   * inside a transaction: a rolled-back change would leave entries under a version that a later
   * commit reaches again, so nothing is kept or answered then.
   */
  version(...params: number[]): number | undefined;
  /** The entry of `key` if it was kept at version `v`. */
  get(key: string, v: number): E | undefined;
  /** Keeps `entry` at version `v`; an entry heavier than the whole capacity is not kept. */
  set(key: string, v: number, entry: E): void;
}

/**
 * Entries kept while a version that SQLite triggers bump (on any change of what the entries were read
 * from, in whichever process) stands. Callers read the version first and the data after, so a change
 * committed between the two reads only costs a read again. At most `capacity` of weight is kept in all
 * (`weigh`, 1 an entry by default); past it the cache starts over.
 */
export function versionedCache<E>(db: Db, versionSql: string, capacity: number, weigh: (e: E) => number = () => 1): VersionedCache<E> {
  const version = db.prepare<number[], number>(versionSql).pluck();
  const kept = new Map<string, { v: number; entry: E; weight: number }>();
  let total = 0;
  return {
    version: (...params) => (db.inTransaction ? undefined : (version.get(...params) ?? 0)),
    get(key, v) {
      const hit = kept.get(key);
      return hit?.v === v ? hit.entry : undefined;
    },
    set(key, v, entry) {
      const weight = weigh(entry);
      if (weight > capacity) return;
      const old = kept.get(key);
      if (old) total -= old.weight;
      if (total + weight > capacity) {
        kept.clear();
        total = 0;
      }
      kept.set(key, { v, entry, weight });
      total += weight;
    },
  };
}
