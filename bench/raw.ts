// The baselines ingest is compared with: the same rows written raw, one transaction per batch as ingest
// does. SQLite: appends into plain tables (same WAL and synchronous=NORMAL durability). PostgreSQL: COPY
// (pg-copy-streams) of each batch's server and process minute rows into the very tables ingest writes,
// under another account id so the keys never meet, CONCURRENCY batches in flight as uploads are.
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { planProcessMinute } from '../src/server/store/common/telemetry/process-minute';
import type { batch } from './fleet';
import { setCacheSize } from '../src/server/store/sqlite/db';
import { sqliteSettings } from './serve-args';
import { CONCURRENCY, pool } from './service';

type Batch = ReturnType<typeof batch>;

export interface RawWriter {
  label: string;
  /** Stores the batches of a fleet minute (batch i is server i + 1). */
  write(batches: Batch[]): Promise<void>;
  close(): Promise<void>;
}

export function rawSqlite(dir: string): RawWriter {
  const raw = new Database(join(dir, 'raw.sqlite'));
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  // The service's page cache (SQLITE_CACHE_MB, or its default).
  setCacheSize(raw, sqliteSettings().cacheBytes);
  raw.exec(`CREATE TABLE s (account_id, server_id, time, cpu, memory, parts TEXT);
    CREATE TABLE p (account_id, server_id, time, pid, create_time, name, args, cpu, memory, page_faults, thread_num, socket_read,
      socket_write, socket_num, file_read, file_write, file_num, registry_num, critical_log, total_log, avg_response_time, response_num, flags)`);
  const insS = raw.prepare('INSERT INTO s VALUES (?, ?, ?, ?, ?, ?)');
  const insP = raw.prepare(`INSERT INTO p VALUES (${new Array(23).fill('?').join(', ')})`);
  const one = raw.transaction((b: Batch, sid: number) => {
    const { cpu: c, memory, ...parts } = b.server;
    insS.run(1, sid, b.minute, c, memory, JSON.stringify(parts));
    for (const q of b.processes) {
      insP.run(1, sid, b.minute, q.pid, q.create_time, q.name, q.args, q.cpu, q.memory, q.page_faults, q.thread_num, q.socket_read,
        q.socket_write, q.socket_num, q.file_read, q.file_write, q.file_num, q.registry_num, q.critical_log, q.total_log,
        q.avg_response_time, q.response_num, q.flags);
    }
  });
  return {
    label: 'raw SQLite appends of the same rows (one transaction per batch)',
    write: async (batches) => batches.forEach((b, i) => one(b, i + 1)),
    close: async () => void raw.close(),
  };
}

/** A COPY text field: the stored JSON texts hold no tab, newline or backslash that needs escaping but these. */
const field = (t: string) => t.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');

const RAW_ACCOUNT = 999_999_999;

export function rawPgCopy(url: string): RawWriter {
  const db = new pg.Pool({ connectionString: url, max: CONCURRENCY });
  const copy = async (c: pg.PoolClient, table: string, line: string) =>
    pipeline(async function* () { yield line; }, c.query(copyFrom(`COPY ${table} (account_id, server_id, time, data) FROM STDIN`)));
  return {
    label: 'raw COPY of the same rows into the same tables (one transaction per batch)',
    async write(batches) {
      await pool(batches.map((b, i) => [b, i + 1] as const), async ([b, sid]) => {
        const c = await db.connect();
        try {
          await c.query('BEGIN');
          await copy(c, 'tm_server_minutes', `${RAW_ACCOUNT}\t${sid}\t${b.minute}\t${field(JSON.stringify(b.server))}\n`);
          const text = planProcessMinute(b.processes, b.minute, new Map()).text;
          await copy(c, 'tm_process_minutes', `${RAW_ACCOUNT}\t${sid}\t${b.minute}\t${field(text)}\n`);
          await c.query('COMMIT');
        } finally {
          c.release();
        }
      });
    },
    close: () => db.end(),
  };
}
