import { safeIds } from '../common/util';
import type { ServerSetRecord, ServerSetRepo, ServerSetWrite } from '../repos/server-sets';
import type { Db } from './db';
import { commaIds, namedPage } from './util';

interface Row {
  id: number;
  name: string;
  auto_detection: number;
  tags: string | null;
  servers: string | null;
  applications: string | null;
}

// Members come back as comma lists per set, so a page of sets is one query.
const SERVERS_OF_SET = `SELECT DISTINCT m.server_id FROM server_set_tags st
  JOIN server_tag_members m ON m.account_id = st.account_id AND m.tag_id = st.tag_id
  JOIN servers s ON s.account_id = m.account_id AND s.id = m.server_id AND s.deleted_at IS NULL
  WHERE st.account_id = t.account_id AND st.set_id = t.id`;

const SELECT = `SELECT t.id, t.name, t.auto_detection,
  (SELECT group_concat(tag_id) FROM (SELECT tag_id FROM server_set_tags
     WHERE account_id = t.account_id AND set_id = t.id ORDER BY tag_id)) AS tags,
  (SELECT group_concat(server_id) FROM (${SERVERS_OF_SET} ORDER BY m.server_id)) AS servers,
  (SELECT group_concat(application_id) FROM (SELECT DISTINCT application_id FROM application_servers a
     WHERE a.account_id = t.account_id AND a.server_id IN (${SERVERS_OF_SET}) ORDER BY application_id)) AS applications
  FROM server_sets t`;

const toRecord = (r: Row): ServerSetRecord => ({
  id: r.id,
  name: r.name,
  autoDetection: r.auto_detection === 1,
  tags: commaIds(r.tags),
  servers: commaIds(r.servers),
  applications: commaIds(r.applications),
});

export function sqliteServerSets(db: Db): ServerSetRepo {
  const byId = db.prepare<[number, number], Row>(`${SELECT} WHERE t.account_id = ? AND t.id = ?`);

  const setTags = (accountId: number, setId: number, tags: number[]) => {
    db.prepare('DELETE FROM server_set_tags WHERE account_id = ? AND set_id = ?').run(accountId, setId);
    const ins = db.prepare('INSERT OR IGNORE INTO server_set_tags (account_id, set_id, tag_id) VALUES (?, ?, ?)');
    for (const t of safeIds(tags)) ins.run(accountId, setId, t);
  };

  const create = db.transaction((accountId: number, input: ServerSetWrite) => {
    const id = Number(
      db
        .prepare('INSERT INTO server_sets (account_id, name, auto_detection) VALUES (?, ?, ?)')
        .run(accountId, input.name, input.autoDetection ? 1 : 0).lastInsertRowid,
    );
    setTags(accountId, id, input.tags);
    return id;
  });
  const update = db.transaction((accountId: number, id: number, input: ServerSetWrite) => {
    const r = db
      .prepare('UPDATE server_sets SET name = ?, auto_detection = COALESCE(?, auto_detection) WHERE account_id = ? AND id = ?')
      .run(input.name, input.autoDetection === undefined ? null : input.autoDetection ? 1 : 0, accountId, id);
    if (r.changes === 0) return false;
    setTags(accountId, id, input.tags);
    return true;
  });

  return {
    async list(accountId, filter, paging) {
      const { total, rows } = namedPage<Row>(db, 'server_sets', SELECT, accountId, filter, paging);
      return { total, items: rows.map(toRecord) };
    },
    async get(accountId, id) {
      if (!Number.isSafeInteger(id)) return null;
      const row = byId.get(accountId, id);
      return row ? toRecord(row) : null;
    },
    async create(accountId, input) {
      return toRecord(byId.get(accountId, create.immediate(accountId, input))!);
    },
    async update(accountId, id, input) {
      if (!Number.isSafeInteger(id) || !update.immediate(accountId, id, input)) return null;
      return toRecord(byId.get(accountId, id)!);
    },
    async delete(accountId, id) {
      if (!Number.isSafeInteger(id)) return false;
      return db.prepare('DELETE FROM server_sets WHERE account_id = ? AND id = ?').run(accountId, id).changes > 0;
    },
    async listAutoDetecting(accountId) {
      return db.prepare<[number], Row>(`${SELECT} WHERE t.account_id = ? AND t.auto_detection = 1 ORDER BY t.id`).all(accountId).map(toRecord);
    },
  };
}
