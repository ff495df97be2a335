import type { SessionRecord, SessionRepo } from '../repos/team';
import type { Pg } from './db';

const COLUMNS = 'id, account_id AS "accountId", user_id AS "userId", csrf_token AS "csrfToken", created, last_seen AS "lastSeen"';

/** Dashboard sessions; a cookie's token (its hash) finds the session before the account is known. */
export function pgSessions(pg: Pg): SessionRepo {
  return {
    async create(accountId, userId, tokenHash, csrfToken, now) {
      return (await pg.row<SessionRecord>(
        `INSERT INTO sessions (account_id, user_id, token_hash, csrf_token, created, last_seen)
         VALUES ($1, $2, $3, $4, $5, $5) RETURNING ${COLUMNS}`,
        [accountId, userId, tokenHash, csrfToken, now],
      ))!;
    },
    async find(tokenHash) {
      return (await pg.row<SessionRecord>(`SELECT ${COLUMNS} FROM sessions WHERE token_hash = $1`, [tokenHash])) ?? null;
    },
    async touch(id, now) {
      await pg.exec('UPDATE sessions SET last_seen = $1 WHERE id = $2', [now, id]);
    },
    async end(id) {
      await pg.exec('DELETE FROM sessions WHERE id = $1', [id]);
    },
    async purge(idleBefore, createdBefore) {
      return pg.exec('DELETE FROM sessions WHERE last_seen < $1 OR created < $2', [idleBefore, createdBefore]);
    },
  };
}
