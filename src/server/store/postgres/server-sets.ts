import { safeIds } from '../common/util';
import type { ServerSetRecord, ServerSetRepo, ServerSetWrite } from '../repos/server-sets';
import type { Pg, Sql } from './db';
import { idList, namedPage } from './util';

interface Row {
  id: number;
  name: string;
  auto_detection: boolean;
  tags: string[] | null;
  servers: string[] | null;
  applications: string[] | null;
}

// Members come back as arrays per set, so a page of sets is one query.
const SERVERS_OF_SET = `SELECT DISTINCT m.server_id FROM server_set_tags st
  JOIN server_tag_members m ON m.account_id = st.account_id AND m.tag_id = st.tag_id
  JOIN servers s ON s.account_id = m.account_id AND s.id = m.server_id AND s.deleted_at IS NULL
  WHERE st.account_id = t.account_id AND st.set_id = t.id`;

const SELECT = `SELECT t.id, t.name, t.auto_detection,
  (SELECT array_agg(tag_id ORDER BY tag_id) FROM server_set_tags WHERE account_id = t.account_id AND set_id = t.id) AS tags,
  (SELECT array_agg(server_id ORDER BY server_id) FROM (${SERVERS_OF_SET}) ss) AS servers,
  (SELECT array_agg(application_id ORDER BY application_id) FROM (SELECT DISTINCT application_id FROM application_servers a
     WHERE a.account_id = t.account_id AND a.server_id IN (${SERVERS_OF_SET})) sa) AS applications
  FROM server_sets t`;

const toRecord = (r: Row): ServerSetRecord => ({
  id: r.id,
  name: r.name,
  autoDetection: r.auto_detection,
  tags: idList(r.tags),
  servers: idList(r.servers),
  applications: idList(r.applications),
});

async function setTags(tx: Sql, accountId: number, setId: number, tags: number[]): Promise<void> {
  await tx.exec('DELETE FROM server_set_tags WHERE account_id = $1 AND set_id = $2', [accountId, setId]);
  await tx.exec(
    `INSERT INTO server_set_tags (account_id, set_id, tag_id)
     SELECT $1, $2, t FROM unnest($3::bigint[]) t ON CONFLICT DO NOTHING`,
    [accountId, setId, safeIds(tags)],
  );
}

export function pgServerSets(pg: Pg): ServerSetRepo {
  const byId = async (sql: Sql, accountId: number, id: number) => {
    const row = await sql.row<Row>(`${SELECT} WHERE t.account_id = $1 AND t.id = $2`, [accountId, id]);
    return row ? toRecord(row) : null;
  };

  return {
    async list(accountId, filter, paging) {
      const { total, rows } = await namedPage<Row>(pg, 'server_sets', SELECT, accountId, filter, paging);
      return { total, items: rows.map(toRecord) };
    },
    async get(accountId, id) {
      return Number.isSafeInteger(id) ? byId(pg, accountId, id) : null;
    },
    async create(accountId, input: ServerSetWrite) {
      return pg.tx(async (tx) => {
        const { id } = (await tx.row<{ id: number }>(
          'INSERT INTO server_sets (account_id, name, auto_detection) VALUES ($1, $2, $3) RETURNING id',
          [accountId, input.name, input.autoDetection ?? false],
        ))!;
        await setTags(tx, accountId, id, input.tags);
        return (await byId(tx, accountId, id))!;
      });
    },
    async update(accountId, id, input) {
      if (!Number.isSafeInteger(id)) return null;
      return pg.tx(async (tx) => {
        const n = await tx.exec(
          'UPDATE server_sets SET name = $1, auto_detection = COALESCE($2, auto_detection) WHERE account_id = $3 AND id = $4',
          [input.name, input.autoDetection ?? null, accountId, id],
        );
        if (n === 0) return null;
        await setTags(tx, accountId, id, input.tags);
        return byId(tx, accountId, id);
      });
    },
    async delete(accountId, id) {
      if (!Number.isSafeInteger(id)) return false;
      return (await pg.exec('DELETE FROM server_sets WHERE account_id = $1 AND id = $2', [accountId, id])) > 0;
    },
    async listAutoDetecting(accountId) {
      return (await pg.rows<Row>(`${SELECT} WHERE t.account_id = $1 AND t.auto_detection ORDER BY t.id`, [accountId])).map(toRecord);
    },
  };
}
