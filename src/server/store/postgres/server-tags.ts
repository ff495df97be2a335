import { safeIds } from '../common/util';
import type { ServerTagRecord, ServerTagRepo } from '../repos/server-tags';
import type { Pg, Sql } from './db';
import { deleteAlertsOfTarget } from './target-alerts';
import { idList, missingIds, namedPage } from './util';

interface Row {
  id: number;
  name: string;
  servers: string[] | null;
}

// Member ids come back as one array per tag (live servers only), so a page of tags is a single query.
const SELECT = `SELECT t.id, t.name,
  (SELECT array_agg(m.server_id ORDER BY m.server_id) FROM server_tag_members m
     JOIN servers s ON s.account_id = m.account_id AND s.id = m.server_id AND s.deleted_at IS NULL
     WHERE m.account_id = t.account_id AND m.tag_id = t.id) AS servers
  FROM server_tags t`;

const toRecord = (r: Row): ServerTagRecord => ({ id: r.id, name: r.name, servers: idList(r.servers) });

async function setMembers(tx: Sql, accountId: number, tagId: number, servers: number[]): Promise<void> {
  await tx.exec('DELETE FROM server_tag_members WHERE account_id = $1 AND tag_id = $2', [accountId, tagId]);
  await tx.exec(
    `INSERT INTO server_tag_members (account_id, tag_id, server_id)
     SELECT $1, $2, s FROM unnest($3::bigint[]) s ON CONFLICT DO NOTHING`,
    [accountId, tagId, safeIds(servers)],
  );
}

export function pgServerTags(pg: Pg): ServerTagRepo {
  const byId = async (sql: Sql, accountId: number, id: number) => {
    const row = await sql.row<Row>(`${SELECT} WHERE t.account_id = $1 AND t.id = $2`, [accountId, id]);
    return row ? toRecord(row) : null;
  };

  return {
    async list(accountId, filter, paging) {
      const { total, rows } = await namedPage<Row>(pg, 'server_tags', SELECT, accountId, filter, paging);
      return { total, items: rows.map(toRecord) };
    },
    async get(accountId, id) {
      return Number.isSafeInteger(id) ? byId(pg, accountId, id) : null;
    },
    async create(accountId, input) {
      return pg.tx(async (tx) => {
        const { id } = (await tx.row<{ id: number }>('INSERT INTO server_tags (account_id, name) VALUES ($1, $2) RETURNING id', [accountId, input.name]))!;
        await setMembers(tx, accountId, id, input.servers);
        return (await byId(tx, accountId, id))!;
      });
    },
    async update(accountId, id, input) {
      if (!Number.isSafeInteger(id)) return null;
      return pg.tx(async (tx) => {
        const n = await tx.exec('UPDATE server_tags SET name = $1 WHERE account_id = $2 AND id = $3', [input.name, accountId, id]);
        if (n === 0) return null;
        await setMembers(tx, accountId, id, input.servers);
        return byId(tx, accountId, id);
      });
    },
    async delete(accountId, id) {
      if (!Number.isSafeInteger(id)) return false;
      return pg.tx(async (tx) => {
        const gone = (await tx.exec('DELETE FROM server_tags WHERE account_id = $1 AND id = $2', [accountId, id])) > 0;
        if (gone) await deleteAlertsOfTarget(tx, accountId, 'Server Tag', id);
        return gone;
      });
    },
    async missing(accountId, ids) {
      return missingIds(pg, 'server_tags', accountId, ids);
    },
  };
}
