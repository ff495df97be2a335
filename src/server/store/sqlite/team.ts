import type { Credential, TeamRepo } from '../repos/team';
import type { Db } from './db';
import { toUserRecord, userColumns, type UserRow } from './users';
import { versionedCache } from './versioned-cache';

type CredentialRow = UserRow & { account_id: number; account_email: string; key_hash: string };

/** A credential row: the account's id, e-mail and key hash, then the user's columns. */
const toCredential = ({ account_id, account_email, key_hash, ...user }: CredentialRow): Credential => ({
  accountId: account_id,
  accountEmail: account_email,
  keyHash: key_hash,
  user: toUserRecord(user),
});

/** E-mails whose credentials are kept at most (past it the cache starts over: unknown e-mails are kept too). */
const MAX_EMAILS = 10_000;

export function sqliteTeam(db: Db): TeamRepo {
  // The account key signs in as the account's owner profile; a user's own key as that user.
  const credentials = db.prepare<[string, string], CredentialRow>(
    `SELECT a.id AS account_id, a.email AS account_email, a.key_hash, ${userColumns('u')}
       FROM accounts a JOIN users u ON u.account_id = a.id AND u.is_account_owner = 1
      WHERE a.email = ?
     UNION ALL
     SELECT a.id, a.email, k.key_hash, ${userColumns('u')}
       FROM user_keys k JOIN users u ON u.account_id = k.account_id AND u.id = k.user_id
       JOIN accounts a ON a.id = k.account_id
      WHERE u.email = ?`,
  );
  const cache = versionedCache<CredentialRow[]>(db, 'SELECT v FROM sign_in_version', MAX_EMAILS);
  const owner = db.prepare<[number, number], { o: number }>('SELECT is_account_owner AS o FROM users WHERE account_id = ? AND id = ?');
  const setAccountKey = db.prepare('UPDATE accounts SET key_hash = ? WHERE id = ?');
  const upsertKey = db.prepare(`INSERT INTO user_keys (account_id, user_id, key_hash, created) VALUES (?, ?, ?, ?)
    ON CONFLICT (account_id, user_id) DO UPDATE SET key_hash = excluded.key_hash, created = excluded.created`);
  const deleteKey = db.prepare('DELETE FROM user_keys WHERE account_id = ? AND user_id = ?');
  const endSessions = db.prepare('DELETE FROM sessions WHERE account_id = ? AND user_id = ?');
  const role = db.prepare('UPDATE users SET role = ?, is_account_manager = ? WHERE account_id = ? AND id = ? AND is_account_owner = 0');

  const setKey = db.transaction((accountId: number, userId: number, keyHash: string, now: number) => {
    const u = owner.get(accountId, userId);
    if (!u) return false;
    if (u.o === 1) setAccountKey.run(keyHash, accountId);
    else upsertKey.run(accountId, userId, keyHash, now);
    return true;
  });
  const revoke = db.transaction((accountId: number, userId: number) => {
    const gone = deleteKey.run(accountId, userId).changes > 0;
    endSessions.run(accountId, userId);
    return gone;
  });

  return {
    async credentials(email) {
      // Kept per e-mail while the sign-in version stands (schema-sign-in-versions.ts; see
      // versioned-cache.ts). Each caller gets its own copies.
      const v = cache.version();
      if (v === undefined) return credentials.all(email, email).map(toCredential);
      let rows = cache.get(email, v);
      if (!rows) cache.set(email, v, (rows = credentials.all(email, email)));
      return rows.map(toCredential);
    },
    async setKey(accountId, userId, keyHash, now) {
      return setKey.immediate(accountId, userId, keyHash, now);
    },
    async revokeKey(accountId, userId) {
      return revoke.immediate(accountId, userId);
    },
    async setRole(accountId, userId, r) {
      return role.run(r, r === 2 ? 1 : 0, accountId, userId).changes > 0;
    },
  };
}
