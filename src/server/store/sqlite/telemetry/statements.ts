import type { Statement } from 'better-sqlite3';
import type { Db } from '../db';

const caches = new WeakMap<Db, Map<string, Statement>>();

/** A prepared statement cached per database, so sinks prepare each SQL text once. */
export function stmt<P extends unknown[] = unknown[], R = unknown>(db: Db, sql: string): Statement<P, R> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let s = cache.get(sql);
  if (!s) cache.set(sql, (s = db.prepare(sql)));
  return s as Statement<P, R>;
}
