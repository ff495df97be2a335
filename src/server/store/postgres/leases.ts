import type { LeaseRepo } from '../repos/leases';
import type { Pg } from './db';

/** Lease rows (global, not per account: they name jobs of the service itself). */
export function pgLeases(pg: Pg): LeaseRepo {
  return {
    async acquire(name, holder, ttlMs, nowMs) {
      const n = await pg.exec(
        `INSERT INTO leases (name, holder, expires_ms) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_ms = excluded.expires_ms
         WHERE leases.holder = excluded.holder OR leases.expires_ms < $4`,
        [name, holder, nowMs + ttlMs, nowMs],
      );
      return n > 0;
    },
    async release(name, holder) {
      await pg.exec('DELETE FROM leases WHERE name = $1 AND holder = $2', [name, holder]);
    },
    async holder(name, nowMs) {
      const r = await pg.row<{ holder: string }>('SELECT holder FROM leases WHERE name = $1 AND expires_ms >= $2', [name, nowMs]);
      return r?.holder ?? null;
    },
  };
}
