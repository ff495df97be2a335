import type { ServerScope, SilenceRepo } from '../repos/silences';
import { scopesOf, silenceColumns, toSilenceRecord, type SilenceRow } from '../silence-rows';
import type { Pg, Sql } from './db';
import { safeIds } from '../common/util';
import { idList } from './util';

const COLS = 'id, alerts, servers, server_tags, server_sets, alert_name, matchers, start, "end", reason, created_by, created';
const toRecord = (r: SilenceRow<(string | number)[] | null>) => toSilenceRecord(r, idList);
const list = (ids: number[]) => safeIds(ids);

/** `active` true: not ended at `now` (a silence starting later is not over yet); false: ended by then; null: all. */
const WHEN = 'account_id = $1 AND ($2::boolean IS NULL OR ("end" > $3) = $2)';

export function pgSilences(pg: Pg): SilenceRepo {
  const byId = async (sql: Sql, accountId: number, id: number) => {
    const r = await sql.row<SilenceRow<string[]>>(`SELECT ${COLS} FROM silences WHERE account_id = $1 AND id = $2`, [accountId, id]);
    return r ? toRecord(r) : null;
  };
  return {
    async list(accountId, q) {
      const args = [accountId, q.active ?? null, q.now];
      const total = (await pg.row<{ n: number }>(`SELECT COUNT(*) AS n FROM silences WHERE ${WHEN}`, args))!.n;
      const rows = await pg.rows<SilenceRow<string[]>>(`SELECT ${COLS} FROM silences WHERE ${WHEN} ORDER BY id DESC LIMIT $4 OFFSET $5`, [
        ...args,
        q.limit,
        q.page * q.limit,
      ]);
      return { total, items: rows.map(toRecord) };
    },
    async get(accountId, id) {
      return Number.isSafeInteger(id) ? byId(pg, accountId, id) : null;
    },
    async create(accountId, input, created) {
      const r = await pg.row<SilenceRow<string[]>>(
        `INSERT INTO silences (alerts, servers, server_tags, server_sets, alert_name, start, "end", reason, created_by, matchers, account_id, created)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12) RETURNING ${COLS}`,
        [...silenceColumns(input, list), accountId, created],
      );
      return toRecord(r!);
    },
    async update(accountId, id, input) {
      if (!Number.isSafeInteger(id)) return null;
      // created_by stays the creator's.
      const [a, s, t, x, name, start, end, reason, , matchers] = silenceColumns(input, list);
      const r = await pg.row<SilenceRow<string[]>>(
        `UPDATE silences SET alerts = $1, servers = $2, server_tags = $3, server_sets = $4, alert_name = $5, start = $6, "end" = $7, reason = $8, matchers = $9::jsonb
          WHERE account_id = $10 AND id = $11 RETURNING ${COLS}`,
        [a, s, t, x, name, start, end, reason, matchers, accountId, id],
      );
      return r ? toRecord(r) : null;
    },
    async delete(accountId, id) {
      if (!Number.isSafeInteger(id)) return false;
      return (await pg.exec('DELETE FROM silences WHERE account_id = $1 AND id = $2', [accountId, id])) > 0;
    },
  };
}

/** The account's silences running at `at` (AlertEngineRepo.activeSilences). */
export async function silencesActiveAt(sql: Sql, accountId: number, at: number) {
  return (await sql.rows<SilenceRow<string[]>>(`SELECT ${COLS} FROM silences WHERE account_id = $1 AND "end" > $2 AND start <= $2 ORDER BY id`, [accountId, at])).map(toRecord);
}

/** The tags of servers and the sets those tags put them in (AlertEngineRepo.serverScopes). */
export async function serverScopes(sql: Sql, accountId: number, serverIds: number[]): Promise<ServerScope[]> {
  const memberships = await sql.rows<{ server_id: number; tag_id: number }>(
    'SELECT server_id, tag_id FROM server_tag_members WHERE account_id = $1 AND server_id = ANY($2::bigint[]) ORDER BY server_id, tag_id',
    [accountId, safeIds(serverIds)],
  );
  const setTags = await sql.rows<{ tag_id: number; set_id: number }>(
    'SELECT DISTINCT tag_id, set_id FROM server_set_tags WHERE account_id = $1 AND tag_id = ANY($2::bigint[]) ORDER BY set_id',
    [accountId, [...new Set(memberships.map((m) => m.tag_id))]],
  );
  return scopesOf(serverIds, memberships, setTags);
}
