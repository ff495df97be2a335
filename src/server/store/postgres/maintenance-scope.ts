import { safeIds } from '../common/util';
import { activeWindowIds, type CandidateRow } from '../maintenance-rows';
import type { Sql } from './db';

/** Live servers of windows: listed directly, tagged with one of their tags, or in one of their sets. */
const SERVERS_OF = `SELECT DISTINCT x.server_id FROM (
    SELECT server_id FROM maintenance_window_servers WHERE account_id = $1 AND window_id = ANY($2::bigint[])
    UNION SELECT m.server_id FROM maintenance_window_tags wt
      JOIN server_tag_members m ON m.account_id = wt.account_id AND m.tag_id = wt.tag_id
      WHERE wt.account_id = $1 AND wt.window_id = ANY($2::bigint[])
    UNION SELECT m.server_id FROM maintenance_window_sets ws
      JOIN server_set_tags st ON st.account_id = ws.account_id AND st.set_id = ws.set_id
      JOIN server_tag_members m ON m.account_id = st.account_id AND m.tag_id = st.tag_id
      WHERE ws.account_id = $1 AND ws.window_id = ANY($2::bigint[])
  ) x JOIN servers s ON s.account_id = $1 AND s.id = x.server_id AND s.deleted_at IS NULL
  ORDER BY x.server_id`;

/** Candidates of a minute: started by then, and their end (a recurring window's until plus one occurrence) after it. */
const CANDIDATES = `SELECT id, start, "end", rrule, duration, time_zone FROM maintenance_windows
  WHERE account_id = $1 AND start <= $2 AND "end" + COALESCE(duration, 0) * 60 > $2`;

/** Replaces the window's tags and sets (inside the caller's transaction). */
export async function setMaintenanceScope(tx: Sql, accountId: number, windowId: number, tags: number[], sets: number[]): Promise<void> {
  await tx.exec('DELETE FROM maintenance_window_tags WHERE account_id = $1 AND window_id = $2', [accountId, windowId]);
  await tx.exec('DELETE FROM maintenance_window_sets WHERE account_id = $1 AND window_id = $2', [accountId, windowId]);
  await tx.exec(
    `INSERT INTO maintenance_window_tags (account_id, window_id, tag_id) SELECT $1, $2, t FROM unnest($3::bigint[]) t ON CONFLICT DO NOTHING`,
    [accountId, windowId, safeIds(tags)],
  );
  await tx.exec(
    `INSERT INTO maintenance_window_sets (account_id, window_id, set_id) SELECT $1, $2, s FROM unnest($3::bigint[]) s ON CONFLICT DO NOTHING`,
    [accountId, windowId, safeIds(sets)],
  );
}

/** Servers (of `among`, when given) covered at `at` by a plain window or a running occurrence. */
export async function serversInMaintenanceAt(sql: Sql, accountId: number, at: number, among?: number[]): Promise<number[]> {
  const ids = activeWindowIds(await sql.rows<CandidateRow>(CANDIDATES, [accountId, at]), at);
  if (!ids.length) return [];
  const servers = (await sql.rows<{ server_id: number }>(SERVERS_OF, [accountId, ids])).map((r) => r.server_id);
  return among ? servers.filter((s) => among.includes(s)) : servers;
}
