import type { LogDataRepo } from '../repos/log-data';
import { needle, SEARCHED_TYPES, searchMinutes, severityCode, toSearchRow, type LogSearchDbRow } from '../common/log-search-rows';
import type { Db } from './db';

// Logs first, then each log's messages along its key (log_id, minute, seq): the work is bounded by
// the window whatever the account's history. Deleted servers' logs are never read.
const FROM = `FROM logs l
  JOIN servers s ON s.id = l.server_id AND s.account_id = l.account_id AND s.deleted_at IS NULL
  JOIN log_messages m ON m.log_id = l.id AND m.minute BETWEEN @fromMinute AND @toMinute
  WHERE l.account_id = @account AND m.account_id = @account
    AND l.source_type IN (SELECT value FROM json_each(@types))
    AND (@servers IS NULL OR l.server_id IN (SELECT value FROM json_each(@servers)))
    AND m.time BETWEEN @from AND @to
    AND (@severity IS NULL OR m.severity = @severity)
    AND (@needle IS NULL OR instr(lower(m.data), @needle) > 0)`;

/** LogDataRepo.search over SQLite. */
export function sqliteLogSearch(db: Db): LogDataRepo['search'] {
  const count = db.prepare<Record<string, unknown>, { n: number }>(`SELECT COUNT(*) AS n ${FROM}`);
  const rows = db.prepare<Record<string, unknown>, LogSearchDbRow>(
    `SELECT m.time, m.severity, m.data, l.id AS logId, l.source_type AS sourceType, l.source,
       s.id AS serverId, s.hostname, s.nickname ${FROM}
     ORDER BY m.time DESC, m.log_id DESC, m.seq DESC LIMIT @limit OFFSET @offset`,
  );
  return async (accountId, plan, range) => {
    const [fromMinute, toMinute] = searchMinutes(plan);
    const types = plan.sourceTypes ? SEARCHED_TYPES.filter((t) => plan.sourceTypes!.includes(t)) : SEARCHED_TYPES;
    const args = {
      account: accountId, fromMinute, toMinute, from: plan.from, to: plan.to, types: JSON.stringify(types),
      servers: plan.serverIds ? JSON.stringify(plan.serverIds) : null, severity: severityCode(plan.severity), needle: needle(plan),
    };
    return { total: count.get(args)!.n, items: rows.all({ ...args, limit: range.limit, offset: range.offset }).map(toSearchRow) };
  };
}
