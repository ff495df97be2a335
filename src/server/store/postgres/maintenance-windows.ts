import { safeIds } from '../common/util';
import { readEnd, writeColumns } from '../maintenance-rows';
import type { MaintenanceWindowRecord, MaintenanceWindowRepo, MaintenanceWindowWrite } from '../repos/maintenance-windows';
import type { Pg, Sql } from './db';
import { serversInMaintenanceAt, setMaintenanceScope } from './maintenance-scope';
import { idList } from './util';

interface Row {
  id: number;
  start: number;
  end: number;
  reason: string;
  servers: string[] | null;
  rrule: string | null;
  duration: number | null;
  time_zone: string;
  server_tags: string[] | null;
  server_sets: string[] | null;
}

// Live member servers come back as one array per window.
const SELECT = `SELECT w.id, w.start, w."end" AS "end", w.reason,
  (SELECT array_agg(ws.server_id ORDER BY ws.server_id) FROM maintenance_window_servers ws
     JOIN servers s ON s.account_id = ws.account_id AND s.id = ws.server_id AND s.deleted_at IS NULL
     WHERE ws.account_id = w.account_id AND ws.window_id = w.id) AS servers,
  w.rrule, w.duration, w.time_zone,
  (SELECT array_agg(tag_id ORDER BY tag_id) FROM maintenance_window_tags WHERE account_id = w.account_id AND window_id = w.id) AS server_tags,
  (SELECT array_agg(set_id ORDER BY set_id) FROM maintenance_window_sets WHERE account_id = w.account_id AND window_id = w.id) AS server_sets
  FROM maintenance_windows w`;

const toRecord = (r: Row): MaintenanceWindowRecord => ({
  id: r.id,
  start: r.start,
  end: readEnd(r.end),
  reason: r.reason,
  servers: idList(r.servers),
  rrule: r.rrule,
  duration: r.duration,
  timeZone: r.time_zone,
  serverTags: idList(r.server_tags),
  serverSets: idList(r.server_sets),
});


async function setScope(tx: Sql, accountId: number, windowId: number, w: MaintenanceWindowWrite): Promise<void> {
  await setServers(tx, accountId, windowId, w.servers);
  await setMaintenanceScope(tx, accountId, windowId, w.serverTags ?? [], w.serverSets ?? []);
}

async function setServers(tx: Sql, accountId: number, windowId: number, servers: number[]): Promise<void> {
  await tx.exec('DELETE FROM maintenance_window_servers WHERE account_id = $1 AND window_id = $2', [accountId, windowId]);
  await tx.exec(
    `INSERT INTO maintenance_window_servers (account_id, window_id, server_id)
     SELECT $1, $2, s FROM unnest($3::bigint[]) s ON CONFLICT DO NOTHING`,
    [accountId, windowId, safeIds(servers)],
  );
}

export function pgMaintenanceWindows(pg: Pg): MaintenanceWindowRepo {
  const byId = async (sql: Sql, accountId: number, id: number) => {
    const row = await sql.row<Row>(`${SELECT} WHERE w.account_id = $1 AND w.id = $2`, [accountId, id]);
    return row ? toRecord(row) : null;
  };

  return {
    async list(accountId, paging) {
      const total = (await pg.row<{ n: number }>('SELECT COUNT(*) AS n FROM maintenance_windows WHERE account_id = $1', [accountId]))!.n;
      const rows = await pg.rows<Row>(`${SELECT} WHERE w.account_id = $1 ORDER BY w.id LIMIT $2 OFFSET $3`, [
        accountId,
        paging.limit,
        paging.page * paging.limit,
      ]);
      return { total, items: rows.map(toRecord) };
    },
    async get(accountId, id) {
      return Number.isSafeInteger(id) ? byId(pg, accountId, id) : null;
    },
    async create(accountId, input: MaintenanceWindowWrite) {
      return pg.tx(async (tx) => {
        const { id } = (await tx.row<{ id: number }>(
          'INSERT INTO maintenance_windows (start, "end", reason, rrule, duration, time_zone, account_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
          [...writeColumns(input), accountId],
        ))!;
        await setScope(tx, accountId, id, input);
        return (await byId(tx, accountId, id))!;
      });
    },
    async update(accountId, id, input) {
      if (!Number.isSafeInteger(id)) return null;
      return pg.tx(async (tx) => {
        const n = await tx.exec(
          'UPDATE maintenance_windows SET start = $1, "end" = $2, reason = $3, rrule = $4, duration = $5, time_zone = $6 WHERE account_id = $7 AND id = $8',
          [...writeColumns(input), accountId, id],
        );
        if (n === 0) return null;
        await setScope(tx, accountId, id, input);
        return byId(tx, accountId, id);
      });
    },
    async delete(accountId, id) {
      if (!Number.isSafeInteger(id)) return false;
      return (await pg.exec('DELETE FROM maintenance_windows WHERE account_id = $1 AND id = $2', [accountId, id])) > 0;
    },
    async serversInMaintenance(accountId, time) {
      return serversInMaintenanceAt(pg, accountId, time);
    },
  };
}
