import type { Credential, TeamRepo } from '../repos/team';
import { prepared, type Pg } from './db';

// The account key signs in as the account's owner profile; a user's own key as that user. Read with
// every request signed in by key.
const CREDENTIALS = prepared(`SELECT a.id AS "accountId", u.id AS "userId", a.key_hash AS "keyHash"
    FROM accounts a JOIN users u ON u.account_id = a.id AND u.is_account_owner
   WHERE lower(a.email) = lower($1)
  UNION ALL
  SELECT k.account_id, k.user_id, k.key_hash
    FROM user_keys k JOIN users u ON u.account_id = k.account_id AND u.id = k.user_id
   WHERE lower(u.email) = lower($1)`);

export function pgTeam(pg: Pg): TeamRepo {
  return {
    async credentials(email) {
      return pg.rows<Credential>(CREDENTIALS, [email]);
    },
    async setKey(accountId, userId, keyHash, now) {
      if (!Number.isSafeInteger(userId)) return false;
      return pg.tx(async (tx) => {
        const u = await tx.row<{ o: boolean }>('SELECT is_account_owner AS o FROM users WHERE account_id = $1 AND id = $2', [accountId, userId]);
        if (!u) return false;
        if (u.o) await tx.exec('UPDATE accounts SET key_hash = $1 WHERE id = $2', [keyHash, accountId]);
        else
          await tx.exec(
            `INSERT INTO user_keys (account_id, user_id, key_hash, created) VALUES ($1, $2, $3, $4)
             ON CONFLICT (account_id, user_id) DO UPDATE SET key_hash = excluded.key_hash, created = excluded.created`,
            [accountId, userId, keyHash, now],
          );
        return true;
      });
    },
    async revokeKey(accountId, userId) {
      if (!Number.isSafeInteger(userId)) return false;
      return pg.tx(async (tx) => {
        const gone = (await tx.exec('DELETE FROM user_keys WHERE account_id = $1 AND user_id = $2', [accountId, userId])) > 0;
        await tx.exec('DELETE FROM sessions WHERE account_id = $1 AND user_id = $2', [accountId, userId]);
        return gone;
      });
    },
    async setRole(accountId, userId, role) {
      if (!Number.isSafeInteger(userId)) return false;
      const n = await pg.exec(
        'UPDATE users SET role = $1, is_account_manager = $2 WHERE account_id = $3 AND id = $4 AND NOT is_account_owner',
        [role, role === 2, accountId, userId],
      );
      return n > 0;
    },
  };
}
