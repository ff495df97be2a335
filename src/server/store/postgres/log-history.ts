import type { Sql } from './db';

/**
 * Deletes the stored history of deleted logs: their counts, messages and transaction messages (the
 * events tables have no foreign key to cascade, see 0006_events.sql). Run after deleting the logs in
 * the same transaction: that delete waited for any ingest holding them, so its rows are visible here.
 */
export async function deleteLogHistory(tx: Sql, accountId: number, logIds: number[]): Promise<void> {
  if (logIds.length === 0) return;
  for (const table of ['log_counts', 'log_messages', 'transaction_messages']) {
    await tx.exec(`DELETE FROM ${table} WHERE account_id = $1 AND log_id = ANY($2::bigint[])`, [accountId, logIds]);
  }
}
