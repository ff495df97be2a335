import type { LeaseRepo } from '../repos/leases';
import type { Db } from './db';

/** Lease rows (global, not per account: they name jobs of the service itself). */
export function sqliteLeases(db: Db): LeaseRepo {
  const take = db.prepare(`INSERT INTO leases (name, holder, expires_ms) VALUES (@name, @holder, @until)
    ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_ms = excluded.expires_ms
    WHERE leases.holder = excluded.holder OR leases.expires_ms < @now`);
  return {
    async acquire(name, holder, ttlMs, nowMs) {
      return take.run({ name, holder, until: nowMs + ttlMs, now: nowMs }).changes > 0;
    },
    async release(name, holder) {
      db.prepare('DELETE FROM leases WHERE name = ? AND holder = ?').run(name, holder);
    },
    async holder(name, nowMs) {
      return db.prepare<[string, number], { holder: string }>('SELECT holder FROM leases WHERE name = ? AND expires_ms >= ?').get(name, nowMs)?.holder ?? null;
    },
  };
}
