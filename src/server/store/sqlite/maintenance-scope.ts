import { activeWindowIds, type CandidateRow } from '../maintenance-rows';
import type { Db } from './db';
import { stmt } from './telemetry/statements';

/** Live servers of windows: listed directly, tagged with one of their tags, or in one of their sets. */
const SERVERS_OF = `SELECT DISTINCT x.server_id FROM (
    SELECT server_id FROM maintenance_window_servers WHERE account_id = @account AND window_id IN (SELECT value FROM json_each(@ids))
    UNION SELECT m.server_id FROM maintenance_window_tags wt
      JOIN server_tag_members m ON m.account_id = wt.account_id AND m.tag_id = wt.tag_id
      WHERE wt.account_id = @account AND wt.window_id IN (SELECT value FROM json_each(@ids))
    UNION SELECT m.server_id FROM maintenance_window_sets ws
      JOIN server_set_tags st ON st.account_id = ws.account_id AND st.set_id = ws.set_id
      JOIN server_tag_members m ON m.account_id = st.account_id AND m.tag_id = st.tag_id
      WHERE ws.account_id = @account AND ws.window_id IN (SELECT value FROM json_each(@ids))
  ) x JOIN servers s ON s.id = x.server_id AND s.account_id = @account AND s.deleted_at IS NULL
  ORDER BY x.server_id`;

/** Candidates of a minute: started by then, and their end (a recurring window's until plus one occurrence) after it. */
const CANDIDATES = `SELECT id, start, "end", rrule, duration, time_zone FROM maintenance_windows
  WHERE account_id = @account AND start <= @at AND "end" + COALESCE(duration, 0) * 60 > @at`;

/** Server tags and sets of maintenance windows, and which servers a window covers at a minute. */
export function sqliteMaintenanceScope(db: Db) {
  return {
    /** Replaces the window's tags and sets (inside the caller's transaction). */
    setScope(accountId: number, windowId: number, tags: number[], sets: number[]) {
      db.prepare('DELETE FROM maintenance_window_tags WHERE account_id = ? AND window_id = ?').run(accountId, windowId);
      db.prepare('DELETE FROM maintenance_window_sets WHERE account_id = ? AND window_id = ?').run(accountId, windowId);
      const tag = db.prepare('INSERT OR IGNORE INTO maintenance_window_tags (account_id, window_id, tag_id) VALUES (?, ?, ?)');
      const set = db.prepare('INSERT OR IGNORE INTO maintenance_window_sets (account_id, window_id, set_id) VALUES (?, ?, ?)');
      for (const t of tags) tag.run(accountId, windowId, t);
      for (const s of sets) set.run(accountId, windowId, s);
    },
    /** Servers (of `among`, when given) covered at `at` by a plain window or a running occurrence. */
    serversAt(accountId: number, at: number, among?: number[]): number[] {
      const ids = activeWindowIds(stmt<[{ account: number; at: number }], CandidateRow>(db, CANDIDATES).all({ account: accountId, at }), at);
      if (!ids.length) return [];
      const servers = stmt<[{ account: number; ids: string }], { server_id: number }>(db, SERVERS_OF).all({ account: accountId, ids: JSON.stringify(ids) }).map((r) => r.server_id);
      return among ? servers.filter((s) => among.includes(s)) : servers;
    },
  };
}
