import { createHash } from 'node:crypto';
import pg from 'pg';
import { StoreUnavailableError } from '../errors';

// bigint ids and counts fit in a double for any fleet we serve; numeric aggregates are read as numbers.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** A statement each connection parses and plans once (see `named`). */
export interface Named {
  name: string;
  text: string;
}

const namedStatements = new Map<string, Named>();

/**
 * A prepared statement for a hot path: each pooled connection parses it once and PostgreSQL may keep
 * a generic plan, so later calls skip parsing and planning (about a third of a millisecond for a
 * query on a partitioned table). Only for a bounded set of texts: each one lives in every connection.
 */
export function named(text: string): Named {
  let n = namedStatements.get(text);
  if (!n) namedStatements.set(text, (n = { name: `fw_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`, text }));
  return n;
}

/** Queries on the pool or inside one transaction. Parameters are $1, $2, ... */
export interface Sql {
  rows<T>(text: string | Named, params?: unknown[]): Promise<T[]>;
  row<T>(text: string | Named, params?: unknown[]): Promise<T | undefined>;
  /** Runs a statement; answers the number of rows it touched. */
  exec(text: string | Named, params?: unknown[]): Promise<number>;
}

/** A transaction's connection: the Sql helpers plus the raw client (COPY streams). */
export interface Tx extends Sql {
  client: pg.PoolClient;
}

export interface TxOptions {
  /**
   * Takes `pg_advisory_xact_lock(key1, key2)` (int4 keys) in the round trip that begins the
   * transaction, so that every statement of `fn` runs under the lock.
   */
  lock?: [number, number];
}

/** An int4 advisory lock key as SQL text (the one value written into SQL: checked, never user text). */
function int4(n: number): string {
  if (!Number.isInteger(n) || n < -2_147_483_648 || n > 2_147_483_647) throw new RangeError(`advisory lock key out of int4 range: ${n}`);
  return String(n);
}

export interface Pg extends Sql {
  pool: pg.Pool;
  /**
   * Runs `fn` in BEGIN/COMMIT on one connection; rolls back on any error. Serialization failures and
   * deadlocks (40001, 40P01) are retried up to 3 times, so `fn` must not have effects outside the store.
   */
  tx<T>(fn: (tx: Tx) => Promise<T>, opts?: TxOptions): Promise<T>;
  /**
   * LISTEN on a channel with a dedicated connection, connected again (with backoff) when it is lost, then
   * `onNotify('')` once for what was missed; the answer stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const RETRYABLE = new Set(['40001', '40P01']);

/** SQLSTATE of a lock not granted within lock_timeout (and of NOWAIT). */
export const LOCK_NOT_AVAILABLE = '55P03';
/** SQLSTATE of a statement cancelled (statement_timeout, pg_cancel_backend). */
const QUERY_CANCELED = '57014';

/** Codes and errors that mean the database cannot serve now (answered 503, never a crash). */
export function isUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  const code = e?.code ?? '';
  // Connection exceptions, admin shutdown, out of resources, a refused role or database at connect.
  if (/^(08|57P0|53|28)/.test(code) || code === '3D000') return true;
  // A lock another session holds past lock_timeout, a cancelled statement: the same request may pass later.
  if (code === LOCK_NOT_AVAILABLE || code === QUERY_CANCELED) return true;
  // The database refuses new connections (ALTER DATABASE ... ALLOW_CONNECTIONS false, a template database).
  if (code === '55000' && /not currently accepting connections/i.test(e?.message ?? '')) return true;
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code)) return true;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(e?.message ?? '');
}

/** What a client may be told of an unavailable database (a connection's detail is for the log only). */
const REASONS: Record<string, string> = {
  [LOCK_NOT_AVAILABLE]: 'a table it needs is locked by another session',
  [QUERY_CANCELED]: 'a query was cancelled',
};

function wrap(err: unknown): unknown {
  if (!isUnavailable(err)) return err;
  const code = (err as { code?: string }).code;
  return new StoreUnavailableError((err as Error).message, code ? REASONS[code] : undefined, code);
}

/** Whether `err` (as the store throws it) is a lock not granted within lock_timeout. */
export const isLockTimeout = (err: unknown): boolean => err instanceof StoreUnavailableError && err.code === LOCK_NOT_AVAILABLE;

/** A process's pool: the service's settings PG_POOL_MAX and PG_LOCK_TIMEOUT_MS (config.ts), or a CLI's or test's own. */
export interface PgPoolSettings {
  /** Connections in the pool (default 10). */
  max?: number;
  /**
   * How long any statement waits for a lock, ms (default 15 s, 0 for none). A request queued behind a
   * lock another session keeps (an admin's open transaction, a long DDL) is answered 503 with
   * Retry-After instead of waiting, and holding its pooled connection, for as long as that session
   * lasts. Jobs whose DDL takes strong locks wait less (partitions.ts); migrations set their own.
   */
  lockTimeoutMs?: number;
}

type Query = (text: string | Named, params?: unknown[]) => Promise<pg.QueryResult>;

function helpers(q: Query): Sql {
  return {
    async rows<T>(text: string | Named, params?: unknown[]) {
      return (await q(text, params)).rows as T[];
    },
    async row<T>(text: string | Named, params?: unknown[]) {
      return (await q(text, params)).rows[0] as T | undefined;
    },
    async exec(text: string | Named, params?: unknown[]) {
      return (await q(text, params)).rowCount ?? 0;
    },
  };
}

/** A query on a pool or a client, by text or as a named statement. */
const run = (c: pg.Pool | pg.PoolClient, text: string | Named, params?: unknown[]) =>
  typeof text === 'string' ? c.query(text, params as unknown[]) : c.query({ name: text.name, text: text.text, values: params as unknown[] });

/** A pool on `connectionString` with `settings` (PgPoolSettings' defaults where left out). */
export function openPg(connectionString: string, settings: PgPoolSettings = {}): Pg {
  const pool = new pg.Pool({
    connectionString,
    max: settings.max ?? 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    // Named in pg_stat_activity; a replica that freezes inside a transaction (SIGSTOP, a hung VM) has its
    // locks, such as a server's ingest lock, taken back by the server after a minute instead of never.
    application_name: 'fleetwatch',
    idle_in_transaction_session_timeout: 60_000,
    lock_timeout: settings.lockTimeoutMs ?? 15_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const query = async (text: string | Named, params?: unknown[]) => {
    try {
      return await run(pool, text, params);
    } catch (err) {
      throw wrap(err);
    }
  };
  return {
    pool,
    ...helpers(query),
    async tx<T>(fn: (tx: Tx) => Promise<T>, opts?: TxOptions): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        let client: pg.PoolClient;
        try {
          client = await pool.connect();
        } catch (err) {
          throw wrap(err);
        }
        let broken = false;
        // A checked-out client has no pool listener: a connection the server ends between two statements
        // would be an unhandled 'error' event (a crash). The next statement fails instead, as unavailable.
        const onLost = () => void (broken = true);
        client.on('error', onLost);
        try {
          await client.query(opts?.lock ? `BEGIN; SELECT pg_advisory_xact_lock(${int4(opts.lock[0])}, ${int4(opts.lock[1])})` : 'BEGIN');
          const tx: Tx = { client, ...helpers((t, p) => run(client, t, p)) };
          const out = await fn(tx);
          await client.query('COMMIT');
          return out;
        } catch (err) {
          try {
            await client.query('ROLLBACK');
          } catch {
            broken = true;
          }
          const code = (err as { code?: string }).code ?? '';
          if (RETRYABLE.has(code) && attempt < 4) continue;
          throw wrap(err);
        } finally {
          client.off('error', onLost);
          client.release(broken);
        }
      }
    },
    async listen(channel, onNotify) {
      let stopped = false;
      let current: pg.Client | null = null;
      let timer: NodeJS.Timeout | undefined;
      const connect = async (again: boolean) => {
        const client = new pg.Client({ connectionString });
        client.on('error', () => {}); // 'end' follows, and reconnects
        client.on('notification', (n) => {
          if (n.channel === channel) onNotify(n.payload ?? '');
        });
        await client.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        if (stopped) return void (await client.end().catch(() => {}));
        current = client;
        client.on('end', () => {
          if (current === client && !stopped) reconnect(500);
        });
        // Notifications sent while nobody listened are lost: tell the listener to look once.
        if (again) onNotify('');
      };
      // A lost connection is retried with backoff (at most 30 s apart) until it listens again.
      const reconnect = (delayMs: number) => {
        current = null;
        timer = setTimeout(() => connect(true).catch(() => !stopped && reconnect(Math.min(30_000, delayMs * 2))), delayMs);
        timer.unref?.();
      };
      await connect(false);
      return async () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        await current?.end().catch(() => {});
      };
    },
    close: () => pool.end(),
  };
}
