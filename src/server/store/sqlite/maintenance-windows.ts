import type { MaintenanceWindowRecord, MaintenanceWindowRepo, MaintenanceWindowWrite } from '../repos/maintenance-windows';
import type { Db } from './db';

interface Row {
  id: number;
  start: number;
  end: number;
  reason: string;
  servers: string | null;
}

const SELECT = `SELECT w.id, w.start, w."end" AS "end", w.reason,
  (SELECT group_concat(server_id) FROM (SELECT ws.server_id FROM maintenance_window_servers ws
     JOIN servers s ON s.id = ws.server_id AND s.deleted_at IS NULL
     WHERE ws.account_id = w.account_id AND ws.window_id = w.id ORDER BY ws.server_id)) AS servers
  FROM maintenance_windows w`;

const toRecord = (r: Row): MaintenanceWindowRecord => ({
  id: r.id,
  start: r.start,
  end: r.end,
  reason: r.reason,
  servers: r.servers ? r.servers.split(',').map(Number) : [],
});

export function sqliteMaintenanceWindows(db: Db): MaintenanceWindowRepo {
  const byId = db.prepare<[number, number], Row>(`${SELECT} WHERE w.account_id = ? AND w.id = ?`);

  const setServers = (accountId: number, windowId: number, servers: number[]) => {
    db.prepare('DELETE FROM maintenance_window_servers WHERE account_id = ? AND window_id = ?').run(accountId, windowId);
    const ins = db.prepare('INSERT OR IGNORE INTO maintenance_window_servers (account_id, window_id, server_id) VALUES (?, ?, ?)');
    for (const s of servers) ins.run(accountId, windowId, s);
  };
  const create = db.transaction((accountId: number, input: MaintenanceWindowWrite) => {
    const id = Number(
      db
        .prepare('INSERT INTO maintenance_windows (account_id, start, "end", reason) VALUES (?, ?, ?, ?)')
        .run(accountId, input.start, input.end, input.reason ?? '').lastInsertRowid,
    );
    setServers(accountId, id, input.servers);
    return id;
  });
  const update = db.transaction((accountId: number, id: number, input: MaintenanceWindowWrite) => {
    const r = db
      .prepare('UPDATE maintenance_windows SET start = ?, "end" = ?, reason = ? WHERE account_id = ? AND id = ?')
      .run(input.start, input.end, input.reason ?? '', accountId, id);
    if (r.changes === 0) return false;
    setServers(accountId, id, input.servers);
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
      return db
        .prepare<[number, number, number], { server_id: number }>(
          `SELECT DISTINCT ws.server_id FROM maintenance_windows w
           JOIN maintenance_window_servers ws ON ws.account_id = w.account_id AND ws.window_id = w.id
           WHERE w.account_id = ? AND w.start <= ? AND w."end" > ? ORDER BY ws.server_id`,
        )
        .all(accountId, time, time)
        .map((r) => r.server_id);
    },
  };
}
