import type { SessionRecord, SessionRepo } from '../repos/team';
import type { Db } from './db';

const COLUMNS = 'id, account_id AS accountId, user_id AS userId, csrf_token AS csrfToken, created, last_seen AS lastSeen';

export function sqliteSessions(db: Db): SessionRepo {
  const insert = db.prepare(
    'INSERT INTO sessions (account_id, user_id, token_hash, csrf_token, created, last_seen) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const byId = db.prepare<[number], SessionRecord>(`SELECT ${COLUMNS} FROM sessions WHERE id = ?`);
  const byToken = db.prepare<[string], SessionRecord>(`SELECT ${COLUMNS} FROM sessions WHERE token_hash = ?`);
  const touch = db.prepare('UPDATE sessions SET last_seen = ? WHERE id = ?');
  const end = db.prepare('DELETE FROM sessions WHERE id = ?');
  const purge = db.prepare('DELETE FROM sessions WHERE last_seen < ? OR created < ?');
  return {
    async create(accountId, userId, tokenHash, csrfToken, now) {
      const id = Number(insert.run(accountId, userId, tokenHash, csrfToken, now, now).lastInsertRowid);
      return byId.get(id)!;
    },
    async find(tokenHash) {
      return byToken.get(tokenHash) ?? null;
    },
    async touch(id, now) {
      touch.run(now, id);
    },
    async end(id) {
      end.run(id);
    },
    async purge(idleBefore, createdBefore) {
      return purge.run(idleBefore, createdBefore).changes;
    },
  };
}
