import type { LogDataRepo } from '../repos/log-data';
import { needle, SEARCHED_TYPES, searchMinutes, severityCode, toSearchRow, type LogSearchDbRow } from '../common/log-search-rows';
import { atLeast, atMost } from './bounds';
import type { Pg } from './db';

// Logs first, then each log's messages along its key (account_id, log_id, minute, seq) and only the
// window's day partitions: the work is bounded by the window whatever the account's history.
// Deleted servers' logs are never read. strpos, not LIKE: the needle's % and _ are plain text.
const FROM = `FROM logs l
  JOIN servers s ON s.id = l.server_id AND s.account_id = l.account_id AND s.deleted_at IS NULL
  JOIN log_messages m ON m.account_id = l.account_id AND m.log_id = l.id AND m.minute BETWEEN $2 AND $3
  WHERE l.account_id = $1
    AND l.source_type = ANY($4::text[])
    AND ($5::bigint[] IS NULL OR l.server_id = ANY($5::bigint[]))
    AND m.time BETWEEN $6 AND $7
    AND ($8::smallint IS NULL OR m.severity = $8)
    AND ($9::text IS NULL OR strpos(lower(m.data), $9) > 0)`;

/** LogDataRepo.search over PostgreSQL. */
export function pgLogSearch(pg: Pg): LogDataRepo['search'] {
  return async (accountId, plan, range) => {
    const [fromMinute, toMinute] = searchMinutes(plan);
    const types = plan.sourceTypes ? SEARCHED_TYPES.filter((t) => plan.sourceTypes!.includes(t)) : [...SEARCHED_TYPES];
    const args = [
      accountId, atLeast(fromMinute), atMost(toMinute), types, plan.serverIds ? [...plan.serverIds] : null,
      atLeast(plan.from), atMost(plan.to), severityCode(plan.severity), needle(plan),
    ];
    const [count, rows] = await Promise.all([
      pg.row<{ n: number }>(`SELECT COUNT(*) AS n ${FROM}`, args),
      pg.rows<LogSearchDbRow>(
        `SELECT m.time, m.severity, m.data, l.id AS "logId", l.source_type AS "sourceType", l.source,
           s.id AS "serverId", s.hostname, s.nickname ${FROM}
         ORDER BY m.time DESC, m.log_id DESC, m.seq DESC LIMIT $10 OFFSET $11`,
        [...args, range.limit, range.offset],
      ),
    ]);
    return { total: count!.n, items: rows.map(toSearchRow) };
  };
}
