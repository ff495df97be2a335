import type { MaintenanceWindowRecord, MaintenanceWindowRepo, MaintenanceWindowWrite } from '../repos/maintenance-windows';
import { readEnd, writeColumns } from '../maintenance-rows';
import type { Db } from './db';
import { sqliteMaintenanceScope } from './maintenance-scope';

interface Row {
  id: number;
  start: number;
  end: number;
  reason: string;
  servers: string | null;
  rrule: string | null;
  duration: number | null;
  time_zone: string;
  server_tags: string | null;
  server_sets: string | null;
}

const SELECT = `SELECT w.id, w.start, w."end" AS "end", w.reason,
  (SELECT group_concat(server_id) FROM (SELECT ws.server_id FROM maintenance_window_servers ws
     JOIN servers s ON s.id = ws.server_id AND s.deleted_at IS NULL
     WHERE ws.account_id = w.account_id AND ws.window_id = w.id ORDER BY ws.server_id)) AS servers,
  w.rrule, w.duration, w.time_zone,
  (SELECT group_concat(tag_id) FROM (SELECT tag_id FROM maintenance_window_tags
     WHERE account_id = w.account_id AND window_id = w.id ORDER BY tag_id)) AS server_tags,
  (SELECT group_concat(set_id) FROM (SELECT set_id FROM maintenance_window_sets
     WHERE account_id = w.account_id AND window_id = w.id ORDER BY set_id)) AS server_sets
  FROM maintenance_windows w`;

const ids = (text: string | null) => (text ? text.split(',').map(Number) : []);

const toRecord = (r: Row): MaintenanceWindowRecord => ({
  id: r.id,
  start: r.start,
  end: readEnd(r.end),
  reason: r.reason,
  servers: ids(r.servers),
  rrule: r.rrule,
  duration: r.duration,
  timeZone: r.time_zone,
  serverTags: ids(r.server_tags),
  serverSets: ids(r.server_sets),
});


export function sqliteMaintenanceWindows(db: Db): MaintenanceWindowRepo {
  const byId = db.prepare<[number, number], Row>(`${SELECT} WHERE w.account_id = ? AND w.id = ?`);
  const scope = sqliteMaintenanceScope(db);

  const setServers = (accountId: number, windowId: number, servers: number[]) => {
    db.prepare('DELETE FROM maintenance_window_servers WHERE account_id = ? AND window_id = ?').run(accountId, windowId);
    const ins = db.prepare('INSERT OR IGNORE INTO maintenance_window_servers (account_id, window_id, server_id) VALUES (?, ?, ?)');
    for (const s of servers) ins.run(accountId, windowId, s);
  };
  const create = db.transaction((accountId: number, input: MaintenanceWindowWrite) => {
    const id = Number(
      db
        .prepare('INSERT INTO maintenance_windows (account_id, start, "end", reason, rrule, duration, time_zone) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(accountId, ...writeColumns(input)).lastInsertRowid,
    );
    setServers(accountId, id, input.servers);
    scope.setScope(accountId, id, input.serverTags ?? [], input.serverSets ?? []);
    return id;
  });
  const update = db.transaction((accountId: number, id: number, input: MaintenanceWindowWrite) => {
    const r = db
      .prepare('UPDATE maintenance_windows SET start = ?, "end" = ?, reason = ?, rrule = ?, duration = ?, time_zone = ? WHERE account_id = ? AND id = ?')
      .run(...writeColumns(input), accountId, id);
    if (r.changes === 0) return false;
    setServers(accountId, id, input.servers);
    scope.setScope(accountId, id, input.serverTags ?? [], input.serverSets ?? []);
    return true;
  });

  return {
    async list(accountId, paging) {
      const total = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM maintenance_windows WHERE account_id = ?').get(accountId)!.n;
      const rows = db
        .prepare<[number, number, number], Row>(`${SELECT} WHERE w.account_id = ? ORDER BY w.id LIMIT ? OFFSET ?`)
        .all(accountId, paging.limit, paging.page * paging.limit);
      return { total, items: rows.map(toRecord) };
    },
    async get(accountId, id) {
      const row = byId.get(accountId, id);
      return row ? toRecord(row) : null;
    },
    async create(accountId, input) {
      return toRecord(byId.get(accountId, create.immediate(accountId, input))!);
    },
    async update(accountId, id, input) {
      if (!update.immediate(accountId, id, input)) return null;
      return toRecord(byId.get(accountId, id)!);
    },
    async delete(accountId, id) {
      return db.prepare('DELETE FROM maintenance_windows WHERE account_id = ? AND id = ?').run(accountId, id).changes > 0;
    },
    async serversInMaintenance(accountId, time) {
      return scope.serversAt(accountId, time);
    },
  };
}
