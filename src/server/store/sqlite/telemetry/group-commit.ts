import type { Db } from '../db';

/** Most batches one commit takes (a burst larger than this commits in several). */
export const GROUP_MAX = 32;

interface Pending<T> {
  work: () => T;
  /** Called when the unit's work was done but its group's transaction did not commit. */
  aborted?: () => void;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Group commit: units of work queued in the same turn of the event loop (the uploads whose bodies
 * arrived together) run in one transaction, each in its own savepoint (better-sqlite3 nests a
 * transaction function as a SAVEPOINT), and each promise settles only after the COMMIT: a unit that
 * throws is rolled back alone and rejected; a failed COMMIT rejects them all. Durability is unchanged
 * (nothing is answered before its commit, synchronous as configured); what is saved is a BEGIN and a
 * COMMIT per batch and the pages (indexes, queue, servers) every batch dirties, written once per commit.
 * `work` must itself be a better-sqlite3 transaction function, so that it nests as a savepoint.
 */
export function groupCommit(db: Db) {
  const queue: Pending<unknown>[] = [];
  let scheduled = false;

  const runAll = db.transaction((items: Pending<unknown>[]): Outcome<unknown>[] =>
    items.map((p) => {
      try {
        return { ok: true, value: p.work() };
      } catch (error) {
        // Errors such as SQLITE_FULL or SQLITE_IOERR end the whole transaction: fail every unit of it.
        if (!db.inTransaction) throw error;
        return { ok: false, error };
      }
    }),
  );

  function flush() {
    scheduled = false;
    while (queue.length > 0) {
      const items = queue.splice(0, GROUP_MAX);
      let outcomes: Outcome<unknown>[];
      try {
        outcomes = runAll.immediate(items);
      } catch (error) {
        for (const p of items) {
          p.aborted?.();
          p.reject(error);
        }
        continue;
      }
      outcomes.forEach((o, i) => (o.ok ? items[i]!.resolve(o.value) : items[i]!.reject(o.error)));
    }
  }

  return {
    /** Runs `work` in the next group; settles after that group's COMMIT (`aborted` runs when it fails). */
    run<T>(work: () => T, aborted?: () => void): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, aborted, resolve: resolve as (v: unknown) => void, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}
