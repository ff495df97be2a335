import pg from 'pg';
import { StoreUnavailableError } from '../errors';

// bigint ids and counts fit in a double for any fleet we serve; numeric aggregates are read as numbers.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** Queries on the pool or inside one transaction. Parameters are $1, $2, ... */
export interface Sql {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  row<T>(text: string, params?: unknown[]): Promise<T | undefined>;
  /** Runs a statement; answers the number of rows it touched. */
  exec(text: string, params?: unknown[]): Promise<number>;
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

/** Codes and errors that mean the database cannot be reached (answered 503, never a crash). */
export function isUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  const code = e?.code ?? '';
  if (/^(08|57P0|53)/.test(code)) return true; // connection exceptions, admin shutdown, out of resources
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code)) return true;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(e?.message ?? '');
}

function wrap(err: unknown): unknown {
  return isUnavailable(err) ? new StoreUnavailableError((err as Error).message) : err;
}

const names = new Map<string, string>();

/**
 * Marks a constant statement text as prepared: it runs as a named statement, parsed and planned once
 * per connection instead of with every call (after five calls PostgreSQL may keep a generic plan).
 * For the statements run with every batch and every evaluation; answers the text.
 */
export function prepared(text: string): string {
  if (!names.has(text)) names.set(text, `fw_${names.size + 1}`);
  return text;
}

function config(text: string, values?: unknown[]): pg.QueryConfig {
  const name = names.get(text);
  return name ? { name, text, values } : { text, values };
}

function helpers(q: (text: string, params?: unknown[]) => Promise<pg.QueryResult>): Sql {
  return {
    async rows<T>(text: string, params?: unknown[]) {
      return (await q(text, params)).rows as T[];
    },
    async row<T>(text: string, params?: unknown[]) {
      return (await q(text, params)).rows[0] as T | undefined;
    },
    async exec(text: string, params?: unknown[]) {
      return (await q(text, params)).rowCount ?? 0;
    },
  };
}

/** Pool settings from the environment: PG_POOL_MAX connections (default 10). */
export function openPg(connectionString: string, max = Number(process.env.PG_POOL_MAX ?? 10)): Pg {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    // Named in pg_stat_activity; a replica that freezes inside a transaction (SIGSTOP, a hung VM) has its
    // locks, such as a server's ingest lock, taken back by the server after a minute instead of never.
    application_name: 'fleetwatch',
    idle_in_transaction_session_timeout: 60_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const query = async (text: string, params?: unknown[]) => {
    try {
      return await pool.query(config(text, params));
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
          const tx: Tx = { client, ...helpers((t, p) => client.query(config(t, p))) };
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
