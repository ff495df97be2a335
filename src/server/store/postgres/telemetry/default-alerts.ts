import type { AlertValues } from '../../repos/alerts';
import type { Sql } from '../db';

// Until pg-alerting's `insertAlert` (store/postgres/alerts.ts) is on this branch: the same insert.
// The lead replaces this file's use in registry.ts by it when merging.
const COLUMNS = [
  'name', 'type', 'target_id', 'target', 'trigger_type', 'trigger', 'active', 'direction', 'threshold',
  'threshold_type', 'band_value', 'window_length', 'window_units', 'interval', 'time_above_threshold',
  'num_of_servers', 'part_name', 'ip_details', 'reg_exp', 'users', 'subscribers',
] as const;
const JSON_COLUMNS = new Set<string>(['users', 'subscribers']);

/** Inserts an alert inside the caller's transaction (a new server's default alerts). */
export async function insertAlert(sql: Sql, accountId: number, values: AlertValues, now: number): Promise<void> {
  await sql.exec(
    `INSERT INTO alerts (account_id, created, ${COLUMNS.map((c) => `"${c}"`).join(', ')})
     VALUES ($1, $2, ${COLUMNS.map((c, i) => (JSON_COLUMNS.has(c) ? `$${i + 3}::jsonb` : `$${i + 3}`)).join(', ')})`,
    [accountId, now, ...COLUMNS.map((c) => (c === 'users' ? JSON.stringify(values[c]) : c === 'subscribers' ? (values[c] === null ? null : JSON.stringify(values[c])) : values[c]))],
  );
}
