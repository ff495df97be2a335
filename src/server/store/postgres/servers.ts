import { COLUMNS, type Row, toServerRecord } from '../common/servers';
import { nowSeconds, pageTotal, safeIds } from '../common/util';
import type { ServerRepo } from '../repos/servers';
import type { Pg, Sql } from './db';
import { missingIds } from './util';

/** Soft-deletes a live server with its memberships and the alerts that target it (one transaction). */
async function removeServer(tx: Sql, accountId: number, id: number): Promise<boolean> {
  const n = await tx.exec('UPDATE servers SET deleted_at = $1 WHERE account_id = $2 AND id = $3 AND deleted_at IS NULL', [nowSeconds(), accountId, id]);
  if (n === 0) return false;
  for (const t of ['server_tag_members', 'maintenance_window_servers', 'application_servers']) {
    await tx.exec(`DELETE FROM ${t} WHERE account_id = $1 AND server_id = $2`, [accountId, id]);
  }
  // Alerts on the server, its processes, its logs and its polled data go with it (their histories
  // stay readable); the logs and polled items no longer answer once their server is deleted.
  await tx.exec(
    `DELETE FROM alerts WHERE account_id = $1 AND ((type = 'Server' AND target_id = $2)
       OR (type = 'Process' AND substr(target_id, 1, length($2) + 1) = $2 || ',')
       OR (type = 'Log' AND target_id IN (SELECT CAST(id AS text) FROM logs WHERE account_id = $1 AND server_id = $3))
       OR (type = 'Polled Data' AND target_id IN (SELECT CAST(id AS text) FROM polled_data WHERE account_id = $1 AND server_id = $3)))`,
    [accountId, String(id), id],
  );
  return true;
}

export function pgServers(pg: Pg): ServerRepo {
  const byId = async (accountId: number, id: number) =>
    Number.isSafeInteger(id)
      ? pg.row<Row>(`SELECT ${COLUMNS} FROM servers WHERE account_id = $1 AND id = $2 AND deleted_at IS NULL`, [accountId, id])
      : undefined;

  return {
    async list(accountId, filter, paging) {
      const where = ['account_id = $1', 'deleted_at IS NULL'];
      const args: (string | number)[] = [accountId];
      const add = (cond: string, v: string | number) => (args.push(v), where.push(`${cond} $${args.length}`));
      if (filter.hostname !== undefined) add('hostname =', filter.hostname);
      if (filter.location_ip !== undefined) add('location_ip =', filter.location_ip);
      if (filter.createdAfter !== undefined) add('created >', filter.createdAfter);
      const w = where.join(' AND ');
      // One more row than the page: when it does not come, the page tells the total and COUNT is not run.
      const rows = await pg.rows<Row>(
        `SELECT ${COLUMNS} FROM servers WHERE ${w} ORDER BY id LIMIT $${args.length + 1} OFFSET $${args.length + 2}`,
        [...args, paging.limit + 1, paging.page * paging.limit],
      );
      const total = await pageTotal(rows, paging, async () => (await pg.row<{ n: number }>(`SELECT COUNT(*) AS n FROM servers WHERE ${w}`, args))!.n);
      return { total, items: rows.map(toServerRecord) };
    },
    async get(accountId, id) {
      const row = await byId(accountId, id);
      return row ? toServerRecord(row) : null;
    },
    async update(accountId, id, patch) {
      if (!Number.isSafeInteger(id)) return null;
      const row = await pg.row<Row>(
        `UPDATE servers SET nickname = COALESCE($1, nickname), description = COALESCE($2, description)
         WHERE account_id = $3 AND id = $4 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
        [patch.nickname ?? null, patch.description ?? null, accountId, id],
      );
      return row ? toServerRecord(row) : null;
    },
    async delete(accountId, id) {
      if (!Number.isSafeInteger(id)) return false;
      return pg.tx((tx) => removeServer(tx, accountId, id));
    },
    async missing(accountId, ids) {
      return missingIds(pg, 'servers', accountId, ids, 'AND deleted_at IS NULL');
    },
    async refs(accountId, ids) {
      if (ids.length === 0) return [];
      return pg.rows<{ id: number; hostname: string; nickname: string }>(
        `SELECT id, hostname, nickname FROM servers WHERE account_id = $1 AND deleted_at IS NULL
           AND id = ANY($2::bigint[]) ORDER BY id`,
        [accountId, safeIds(ids)],
      );
    },
    async tagIds(accountId, serverId) {
      const rows = await pg.rows<{ tag_id: number }>(
        'SELECT tag_id FROM server_tag_members WHERE account_id = $1 AND server_id = $2 ORDER BY tag_id',
        [accountId, serverId],
      );
      return rows.map((r) => r.tag_id);
    },
    async setTags(accountId, serverId, tagIds) {
      await pg.tx(async (tx) => {
        await tx.exec('DELETE FROM server_tag_members WHERE account_id = $1 AND server_id = $2', [accountId, serverId]);
        await tx.exec(
          `INSERT INTO server_tag_members (account_id, tag_id, server_id)
           SELECT $1, t, $3 FROM unnest($2::bigint[]) t ON CONFLICT DO NOTHING`,
          [accountId, safeIds(tagIds), serverId],
        );
      });
    },
  };
}
