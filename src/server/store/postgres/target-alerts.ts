import type { Sql } from './db';

/**
 * Deletes the alerts whose target is a log or a server tag being deleted, as a deleted server takes
 * its alerts along: an alert on a missing target would keep a stale description and never trigger.
 * Called inside the deleting transaction; histories of the alerts stay readable.
 */
export async function deleteAlertsOfTarget(sql: Sql, accountId: number, type: 'Log' | 'Server Tag', targetId: number): Promise<void> {
  await sql.exec('DELETE FROM alerts WHERE account_id = $1 AND type = $2 AND target_id = $3', [accountId, type, String(targetId)]);
}
