import { RETENTION_CATEGORIES, type RetentionCategory } from '../../../shared/retention';
import { RETENTION_COLUMNS, toRetentionDays, usageOf, type TableCounts } from '../common/retention';
import type { RetentionRepo, RetentionSettings } from '../repos/retention';
import type { Pg } from './db';

/** One table a category holds and its time column (PostgreSQL keeps hour and day rollups apart). */
interface Slice {
  table: string;
  time: string;
}

const t = (table: string, time = 'time'): Slice => ({ table, time });

/** The tables of each category (SQLite: sqlite/retention.ts, same categories). */
const SLICES: Record<RetentionCategory, Slice[]> = {
  minute: [t('tm_server_minutes'), t('tm_process_minutes'), t('bucket_minutes'), t('series_minutes'), t('series_samples', 'minute'), t('series_chunks', 'hour'), t('polled_values', 'minute'), t('socket_connections', 'minute')],
  hour: [t('tm_server_rollups_hour'), t('tm_process_rollups_hour')],
  day: [t('tm_server_rollups_day'), t('tm_process_rollups_day')],
  process_details: [t('tm_process_details')],
  logs: [t('log_counts', 'minute'), t('log_messages', 'minute')],
  traces: [t('transaction_messages', 'minute')],
  alert_histories: [t('alert_histories', 'start')],
};

/**
 * A table's bytes (every partition with its indexes and TOAST: pg_total_relation_size over
 * pg_partition_tree), its rows, and the account's rows in all and of the last day.
 */
async function counts(pg: Pg, s: Slice, accountId: number, now: number): Promise<TableCounts> {
  const r = await pg.row<{ bytes: string; total: string; mine: string; day: string }>(
    `SELECT (SELECT COALESCE(SUM(pg_total_relation_size(relid)), 0) FROM pg_partition_tree($1::regclass)) AS bytes,
            (SELECT count(*) FROM ${s.table}) AS total,
            (SELECT count(*) FROM ${s.table} WHERE account_id = $2) AS mine,
            (SELECT count(*) FROM ${s.table} WHERE account_id = $2 AND ${s.time} >= $3) AS day`,
    [s.table, accountId, now - 86_400],
  );
  return { tableBytes: Number(r?.bytes ?? 0), tableRows: Number(r?.total ?? 0), accountRows: Number(r?.mine ?? 0), accountDayRows: Number(r?.day ?? 0) };
}

/** The PostgreSQL retention settings and sizes (SQLite: sqlite/retention.ts). */
export function pgRetention(pg: Pg): RetentionRepo {
  return {
    async get(accountId): Promise<RetentionSettings> {
      const r = await pg.row<Record<string, unknown>>(`SELECT ${RETENTION_COLUMNS.join(', ')} FROM retention_settings WHERE account_id = $1`, [accountId]);
      return r ? toRetentionDays(r) : {};
    },
    async set(accountId, days, now) {
      const values = RETENTION_CATEGORIES.map((c) => days[c]);
      await pg.exec(
        `INSERT INTO retention_settings (account_id, ${RETENTION_COLUMNS.join(', ')}, updated)
         VALUES ($1, ${RETENTION_COLUMNS.map((_, i) => `$${i + 2}::int`).join(', ')}, $${values.length + 2})
         ON CONFLICT (account_id) DO UPDATE SET ${RETENTION_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}, updated = excluded.updated`,
        [accountId, ...values, now],
      );
    },
    async all() {
      const rows = await pg.rows<Record<string, unknown>>(`SELECT account_id, ${RETENTION_COLUMNS.join(', ')} FROM retention_settings`);
      return new Map(rows.map((r) => [Number(r.account_id), toRetentionDays(r)]));
    },
    async usage(accountId, now) {
      const byCategory = {} as Record<RetentionCategory, TableCounts[]>;
      for (const c of RETENTION_CATEGORIES) {
        byCategory[c] = [];
        for (const s of SLICES[c]) byCategory[c].push(await counts(pg, s, accountId, now));
      }
      return usageOf(byCategory);
    },
    async size() {
      const r = await pg.row<{ b: string }>('SELECT pg_database_size(current_database()) AS b');
      // The server's file system is not visible through SQL: free disk is unknown here.
      return { kind: 'postgres', total_bytes: Number(r?.b ?? 0), wal_bytes: null, free_bytes: null };
    },
    // Autovacuum reuses deleted rows' space; dropped partitions free theirs at once.
    compact: async () => undefined,
  };
}
