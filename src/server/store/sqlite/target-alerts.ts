import type { Db } from './db';

/**
 * Deletes the alerts whose target is a log or a server tag being deleted, as a deleted server takes
 * its alerts along: an alert on a missing target would keep a stale description and never trigger.
 * Called inside the deleting transaction; histories of the alerts stay readable.
 */
export function deleteAlertsOfTarget(db: Db, accountId: number, type: 'Log' | 'Server Tag', targetId: number): void {
  db.prepare('DELETE FROM alerts WHERE account_id = ? AND type = ? AND target_id = ?').run(accountId, type, String(targetId));
}
