import { safeIds } from '../common/util';
import type { ServerTagRecord, ServerTagRepo } from '../repos/server-tags';
import type { Db } from './db';
import { deleteAlertsOfTarget } from './target-alerts';
import { commaIds, missingIds, namedPage } from './util';

interface Row {
  id: number;
  name: string;
  servers: string | null;
}

// Member ids come back as one comma list per tag, so a page of tags is a single query.
const SELECT = `SELECT t.id, t.name,
  (SELECT group_concat(m.server_id) FROM (SELECT server_id FROM server_tag_members m
     JOIN servers s ON s.account_id = m.account_id AND s.id = m.server_id AND s.deleted_at IS NULL
     WHERE m.account_id = t.account_id AND m.tag_id = t.id ORDER BY server_id) m) AS servers
  FROM server_tags t`;

const toRecord = (r: Row): ServerTagRecord => ({ id: r.id, name: r.name, servers: commaIds(r.servers) });

export function sqliteServerTags(db: Db): ServerTagRepo {
  const byId = db.prepare<[number, number], Row>(`${SELECT} WHERE t.account_id = ? AND t.id = ?`);

  const setMembers = (accountId: number, tagId: number, servers: number[]) => {
    db.prepare('DELETE FROM server_tag_members WHERE account_id = ? AND tag_id = ?').run(accountId, tagId);
    const ins = db.prepare('INSERT OR IGNORE INTO server_tag_members (account_id, tag_id, server_id) VALUES (?, ?, ?)');
    for (const s of safeIds(servers)) ins.run(accountId, tagId, s);
  };

  const create = db.transaction((accountId: number, input: { name: string; servers: number[] }) => {
    const id = Number(db.prepare('INSERT INTO server_tags (account_id, name) VALUES (?, ?)').run(accountId, input.name).lastInsertRowid);
    setMembers(accountId, id, input.servers);
    return id;
  });
  const update = db.transaction((accountId: number, id: number, input: { name: string; servers: number[] }) => {
    const r = db.prepare('UPDATE server_tags SET name = ? WHERE account_id = ? AND id = ?').run(input.name, accountId, id);
    if (r.changes === 0) return false;
    setMembers(accountId, id, input.servers);
    return true;
  });

  const remove = db.transaction((accountId: number, id: number) => {
    const gone = db.prepare('DELETE FROM server_tags WHERE account_id = ? AND id = ?').run(accountId, id).changes > 0;
    if (gone) deleteAlertsOfTarget(db, accountId, 'Server Tag', id);
    return gone;
  });

  return {
    async list(accountId, filter, paging) {
      const { total, rows } = namedPage<Row>(db, 'server_tags', SELECT, accountId, filter, paging);
      return { total, items: rows.map(toRecord) };
    },
    async get(accountId, id) {
      if (!Number.isSafeInteger(id)) return null;
      const row = byId.get(accountId, id);
      return row ? toRecord(row) : null;
    },
    async create(accountId, input) {
      const id = create.immediate(accountId, input);
      return toRecord(byId.get(accountId, id)!);
    },
    async update(accountId, id, input) {
      if (!Number.isSafeInteger(id) || !update.immediate(accountId, id, input)) return null;
      return toRecord(byId.get(accountId, id)!);
    },
    async delete(accountId, id) {
      if (!Number.isSafeInteger(id)) return false;
      return remove(accountId, id);
    },
    async missing(accountId, ids) {
      return missingIds(db, 'server_tags', accountId, ids);
    },
  };
}
