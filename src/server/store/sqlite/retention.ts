import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { RETENTION_CATEGORIES, type RetentionCategory } from '../../../shared/retention';
import { RETENTION_COLUMNS, toRetentionDays, usageOf, type TableCounts } from '../common/retention';
import type { RetentionRepo, RetentionSettings } from '../repos/retention';
import type { Db } from './db';
import { offThreadReader, type OffThreadQuery } from './off-thread-reader';
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
  minute: [minutes('tm_server_minutes'), minutes('tm_process_minutes'), minutes('bucket_minutes'), minutes('series_minutes'), minutes('series_samples', 'minute'), minutes('series_chunks', 'hour'), minutes('polled_values', 'minute'), minutes('socket_connections', 'minute')],
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
const TABLE_BYTES = `SELECT m.tbl_name AS t, SUM(s.pgsize) AS b FROM dbstat s JOIN sqlite_master m ON m.name = s.name WHERE s.aggregate = TRUE GROUP BY m.tbl_name`;

/** The two counts of a slice: the whole table's rows, then the account's rows and those of its last day. */
function countQueries(s: Slice, accountId: number, now: number): OffThreadQuery[] {
  const filter = s.where ? ` AND ${s.where}` : '';
  return [
    { sql: `SELECT COUNT(*) AS n FROM ${s.table}` },
    { sql: `SELECT COUNT(*) AS n, COALESCE(SUM(${s.time} >= ?), 0) AS d FROM ${s.table} WHERE account_id = ?${filter}`, params: [now - 86_400, accountId] },
  ];
}

/** The SQLite retention settings, sizes and compaction (PostgreSQL: postgres/retention.ts). */
export function sqliteRetention(db: Db, file: string, wal: WalGuard): RetentionRepo & { close(): Promise<void> } {
  // Sizes and counts read the whole file: off the service's thread, so pages keep loading meanwhile.
  const reader = offThreadReader(file);
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
      const slices = RETENTION_CATEGORIES.flatMap((c) => SLICES[c].map((s) => ({ c, s })));
      const [byTable, ...counted] = await reader.all<{ t?: string; b?: number; n: number; d?: number }>([
        { sql: TABLE_BYTES },
        ...slices.flatMap(({ s }) => countQueries(s, accountId, now)),
      ]);
      const bytes = new Map((byTable ?? []).map((r) => [r.t!, r.b!]));
      const byCategory = Object.fromEntries(RETENTION_CATEGORIES.map((c) => [c, [] as TableCounts[]])) as Record<RetentionCategory, TableCounts[]>;
      slices.forEach(({ c, s }, i) => {
        const total = counted[2 * i]![0]!;
        const mine = counted[2 * i + 1]![0]!;
        byCategory[c].push({ tableBytes: bytes.get(s.table) ?? 0, tableRows: total.n, accountRows: mine.n, accountDayRows: mine.d ?? 0 });
      });
      return usageOf(byCategory);
    },
    close: () => reader.close(),
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
