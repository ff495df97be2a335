import { isLockTimeout, type Pg } from './db';

/**
 * Time-partitioned tables (issue 9): each table is declared in its migration as
 * `PARTITION BY RANGE (<time column>)` with a `<table>_default` DEFAULT partition, and gets one
 * partition per UTC day, `<table>_pYYYYMMDD`, created here ahead of the rows (by the writer before its
 * transaction, and by the maintenance job for the days to come). Retention drops whole day partitions.
 *
 * Why a DEFAULT partition: a row whose day has no partition yet (written by plain SQL, or by a replica
 * whose cache still believes in a partition that retention just dropped) lands there instead of
 * failing the write. Creating a day's partition moves that day's rows out of the default first, so
 * ATTACH never fails; retention deletes the default's old rows (it stays near empty).
 *
 * Chosen over pg_partman: no extension to install (the service needs no superuser at run time), and
 * the whole mechanism is these few statements, run under a lease by the retention job.
 */
export interface PartitionedTable {
  table: string;
  /** The epoch-seconds column the table is partitioned by (RANGE). */
  column: string;
}

export const DAY = 86_400;

/** How long retention's DROP of a partition waits for its locks before leaving it to the next run (ms). */
export const DROP_LOCK_WAIT_MS = 2000;

/** The partition of `table` holding the UTC day that starts at `dayStart`. */
export function partitionName(table: string, dayStart: number): string {
  const d = new Date(dayStart * 1000).toISOString();
  return `${table}_p${d.slice(0, 4)}${d.slice(5, 7)}${d.slice(8, 10)}`;
}

export const dayOf = (time: number): number => Math.floor(time / DAY) * DAY;

const IDENT = /^[a-z_][a-z0-9_]*$/;
function checked(p: PartitionedTable): PartitionedTable {
  if (!IDENT.test(p.table) || !IDENT.test(p.column)) throw new Error(`bad partitioned table ${p.table}.${p.column}`);
  return p;
}

/** Partitions known to exist, per pool: a write whose days are all known costs no round trip. */
const known = new WeakMap<Pg, Set<string>>();
const knownOf = (pg: Pg): Set<string> => {
  let s = known.get(pg);
  if (!s) known.set(pg, (s = new Set()));
  return s;
};

/** Creates the day partition (moving its rows out of the default partition); a no-op when it exists. */
async function createDay(pg: Pg, spec: PartitionedTable, dayStart: number): Promise<void> {
  const { table, column } = checked(spec);
  const name = partitionName(table, dayStart);
  await pg.tx(async (tx) => {
    // Replicas creating the same day serialise here; the second finds it made.
    await tx.exec('SELECT pg_advisory_xact_lock(hashtext($1))', [name]);
    if ((await tx.row<{ r: string | null }>('SELECT to_regclass($1)::text AS r', [name]))?.r) return;
    const lo = dayStart;
    const hi = dayStart + DAY;
    await tx.exec(`CREATE TABLE ${name} (LIKE ${table} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
    await tx.exec(
      `WITH moved AS (DELETE FROM ${table}_default WHERE ${column} >= $1 AND ${column} < $2 RETURNING *)
       INSERT INTO ${name} SELECT * FROM moved`,
      [lo, hi],
    );
    await tx.exec(`ALTER TABLE ${table} ATTACH PARTITION ${name} FOR VALUES FROM (${lo}) TO (${hi})`);
  });
}

/**
 * Makes sure `table` has the day partitions of `times` (epoch seconds). Call it on the pool before
 * the writing transaction, never inside it: the DDL must not hold locks for the writer's duration.
 */
export async function ensurePartitions(pg: Pg, spec: PartitionedTable, times: Iterable<number>): Promise<void> {
  const cache = knownOf(pg);
  const days = new Set<number>();
  for (const t of times) days.add(dayOf(t));
  for (const day of [...days].sort((a, b) => a - b)) {
    const name = partitionName(spec.table, day);
    if (cache.has(name)) continue;
    await createDay(pg, spec, day);
    cache.add(name);
  }
}

/** The maintenance step: partitions of every table for today and the next `aheadDays` days. */
export async function createAhead(pg: Pg, specs: readonly PartitionedTable[], now: number, aheadDays = 2): Promise<void> {
  const days = Array.from({ length: aheadDays + 1 }, (_, i) => dayOf(now) + i * DAY);
  for (const spec of specs) await ensurePartitions(pg, spec, days);
}

/**
 * Retention: drops the partitions of `table` whose whole day is before `before` and deletes the
 * default partition's rows older than it. Rows of the day `before` falls in stay until that day's
 * partition goes (retention is exact to the day on PostgreSQL). Answers the rows removed.
 */
export async function dropBefore(pg: Pg, spec: PartitionedTable, before: number): Promise<number> {
  const { table, column } = checked(spec);
  const parts = await pg.rows<{ name: string; hi: string | null }>(
    `SELECT c.relname AS name, (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \\(''?(-?\\d+)''?\\)'))[1] AS hi
     FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = $1::regclass`,
    [table],
  );
  let removed = 0;
  for (const p of parts) {
    if (p.hi === null || Number(p.hi) > before) continue;
    try {
      removed += await pg.tx(async (tx) => {
        // DROP locks the parent table too: while it waits behind another session's long read, every
        // later query of the table queues behind it. It gives way soon; the next run drops it.
        await tx.exec(`SET LOCAL lock_timeout = ${DROP_LOCK_WAIT_MS}`);
        const n = (await tx.row<{ n: number }>(`SELECT count(*) AS n FROM ${p.name}`))?.n ?? 0;
        await tx.exec(`DROP TABLE ${p.name}`);
        return n;
      });
    } catch (err) {
      if (isLockTimeout(err)) continue;
      throw err;
    }
    knownOf(pg).delete(p.name);
  }
  removed += await pg.exec(`DELETE FROM ${table}_default WHERE ${column} < $1`, [before]);
  return removed;
}
