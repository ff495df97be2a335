import type { ApplicationRecord, ApplicationRepo } from '../repos/applications';
import type { Db } from './db';
import { missingIds } from './util';

interface Row {
  id: number;
  name: string;
  template: number;
  created: number;
  servers: string | null;
}

const SELECT = `SELECT a.id, a.name, a.template, a.created,
  (SELECT group_concat(server_id) FROM (SELECT x.server_id FROM application_servers x
     JOIN servers s ON s.id = x.server_id AND s.deleted_at IS NULL
     WHERE x.account_id = a.account_id AND x.application_id = a.id ORDER BY x.server_id)) AS servers
  FROM applications a`;

const toRecord = (r: Row): ApplicationRecord => ({
  id: r.id,
  name: r.name,
  template: r.template,
  created: r.created,
  servers: r.servers ? r.servers.split(',').map(Number) : [],
});

export function sqliteApplications(db: Db): ApplicationRepo {
  const byId = db.prepare<[number, number], Row>(`${SELECT} WHERE a.account_id = ? AND a.id = ?`);
  const addServer = db.prepare('INSERT OR IGNORE INTO application_servers (account_id, application_id, server_id) VALUES (?, ?, ?)');

  const create = db.transaction((accountId: number, input: { name: string; template: number; servers: number[] }, now: number) => {
    const id = Number(
      db.prepare('INSERT INTO applications (account_id, name, template, created) VALUES (?, ?, ?, ?)').run(accountId, input.name, input.template, now)
        .lastInsertRowid,
    );
    for (const s of input.servers) addServer.run(accountId, id, s);
    return id;
  });
  const add = db.transaction((accountId: number, id: number, servers: number[]) => {
    for (const s of servers) addServer.run(accountId, id, s);
  });

  return {
    async list(accountId, paging) {
      const total = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM applications WHERE account_id = ?').get(accountId)!.n;
      const rows = db
        .prepare<[number, number, number], Row>(`${SELECT} WHERE a.account_id = ? ORDER BY a.id LIMIT ? OFFSET ?`)
        .all(accountId, paging.limit, paging.page * paging.limit);
      return { total, items: rows.map(toRecord) };
    },
    async get(accountId, id) {
      const row = byId.get(accountId, id);
      return row ? toRecord(row) : null;
    },
    async byTemplate(accountId, template) {
      return db.prepare<[number, number], Row>(`${SELECT} WHERE a.account_id = ? AND a.template = ? ORDER BY a.id`).all(accountId, template).map(toRecord);
    },
    async create(accountId, input, now) {
      return toRecord(byId.get(accountId, create.immediate(accountId, input, now))!);
    },
    async addServers(accountId, id, servers) {
      if (!byId.get(accountId, id)) return null;
      add.immediate(accountId, id, servers);
      return toRecord(byId.get(accountId, id)!);
    },
    async missing(accountId, ids) {
      return missingIds(db, 'applications', accountId, ids);
    },
  };
}
