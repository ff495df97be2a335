import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { RETENTION_CATEGORIES, type RetentionCategory } from '../../../shared/retention';
import { RETENTION_COLUMNS, toRetentionDays, usageOf, type TableCounts } from '../common/retention';
import type { RetentionRepo, RetentionSettings } from '../repos/retention';
import type { Db } from './db';
import { stmt } from './telemetry/statements';
import { checkpointIfOver, fileSize, type WalGuard } from './wal';

/** One slice of a table a category holds: its time column and, for shared tables, the rows' filter. */
interface Slice {
  table: string;
  time: string;
  where?: string;
}

const minutes = (table: string, time = 'time'): Slice => ({ table, time });
const rollups = (step: number): Slice[] => ['tm_server_rollups', 'tm_process_rollups'].map((table) => ({ table, time: 'time', where: `step = ${step}` }));

/** The tables of each category (PostgreSQL: postgres/retention.ts, same categories). */
const SLICES: Record<RetentionCategory, Slice[]> = {
  minute: [minutes('tm_server_minutes'), minutes('tm_process_minutes'), minutes('bucket_minutes'), minutes('series_minutes'), minutes('polled_values', 'minute'), minutes('socket_connections', 'minute')],
  hour: rollups(3600),
  day: rollups(86400),
  process_details: [minutes('tm_process_details')],
  logs: [minutes('log_counts', 'minute'), minutes('log_messages', 'minute')],
  traces: [minutes('transaction_messages', 'minute')],
  alert_histories: [minutes('alert_histories', 'start')],
};

/**
 * Bytes of each table with its indexes, from the dbstat virtual table (every page of every b-tree,
 * summed per table). It reads the whole file's page headers: seconds on a store of gigabytes.
 */
function tableBytes(db: Db): Map<string, number> {
  const rows = stmt<[], { t: string; b: number }>(
    db,
    `SELECT m.tbl_name AS t, SUM(s.pgsize) AS b FROM dbstat s JOIN sqlite_master m ON m.name = s.name WHERE s.aggregate = TRUE GROUP BY m.tbl_name`,
  ).all();
  return new Map(rows.map((r) => [r.t, r.b]));
}

function counts(db: Db, bytes: Map<string, number>, s: Slice, accountId: number, now: number): TableCounts {
  const filter = s.where ? ` AND ${s.where}` : '';
  const total = stmt<[], { n: number }>(db, `SELECT COUNT(*) AS n FROM ${s.table}`).get()!.n;
  const mine = stmt<[number, number], { n: number; d: number }>(
    db,
    `SELECT COUNT(*) AS n, COALESCE(SUM(${s.time} >= ?), 0) AS d FROM ${s.table} WHERE account_id = ?${filter}`,
  ).get(now - 86_400, accountId)!;
  return { tableBytes: bytes.get(s.table) ?? 0, tableRows: total, accountRows: mine.n, accountDayRows: mine.d };
}

/** The SQLite retention settings, sizes and compaction (PostgreSQL: postgres/retention.ts). */
export function sqliteRetention(db: Db, file: string, wal: WalGuard): RetentionRepo {
  const read = db.prepare<[number], Record<string, unknown>>(`SELECT ${RETENTION_COLUMNS.join(', ')} FROM retention_settings WHERE account_id = ?`);
  const readAll = db.prepare<[], Record<string, unknown>>(`SELECT account_id, ${RETENTION_COLUMNS.join(', ')} FROM retention_settings`);
  const write = db.prepare(
    `INSERT INTO retention_settings (account_id, ${RETENTION_COLUMNS.join(', ')}, updated) VALUES (?, ${RETENTION_COLUMNS.map(() => '?').join(', ')}, ?)
     ON CONFLICT (account_id) DO UPDATE SET ${RETENTION_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}, updated = excluded.updated`,
  );
  return {
    async get(accountId): Promise<RetentionSettings> {
      const r = read.get(accountId);
      return r ? toRetentionDays(r) : {};
    },
    async set(accountId, days, now) {
      write.run(accountId, ...RETENTION_CATEGORIES.map((c) => days[c]), now);
    },
    async all() {
      return new Map(readAll.all().map((r) => [Number(r.account_id), toRetentionDays(r)]));
    },
    async usage(accountId, now) {
      const bytes = tableBytes(db);
      const byCategory = Object.fromEntries(RETENTION_CATEGORIES.map((c) => [c, SLICES[c].map((s) => counts(db, bytes, s, accountId, now))]));
      return usageOf(byCategory as Record<RetentionCategory, TableCounts[]>);
    },
    async size() {
      const pages = db.pragma('page_count', { simple: true }) as number;
      const pageSize = db.pragma('page_size', { simple: true }) as number;
      const walBytes = fileSize(`${file}-wal`);
      let free: number | null = null;
      try {
        const fs = statfsSync(dirname(file));
        free = fs.bavail * fs.bsize;
      } catch {
        free = null; // an in-memory database, or a file system that cannot tell
      }
      return { kind: 'sqlite', total_bytes: pages * pageSize + walBytes, wal_bytes: walBytes, free_bytes: free };
    },
    async compact() {
      // Gives the pages retention freed back to the file system (auto_vacuum = INCREMENTAL; see wal.ts),
      // a few thousand at a time so writers never wait long, then bounds the WAL those writes grew.
      for (let i = 0; i < 10_000; i++) {
        const before = db.pragma('freelist_count', { simple: true }) as number;
        if (before === 0) break;
        db.pragma('incremental_vacuum(2000)');
        if ((db.pragma('freelist_count', { simple: true }) as number) >= before) break;
        checkpointIfOver(db, file, wal.capBytes);
      }
      checkpointIfOver(db, file, wal.capBytes);
    },
  };
}
