import { DUPLICATE_EMAIL } from '../repos/users';
import type { InvitationRecord, InvitationRepo } from '../repos/invitations';
import type { Db } from './db';
import { toUserRecord, userColumns, type UserRow } from './users';

interface Row {
  id: number;
  account_id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: number;
  invited_by: number;
  token_hash: string;
  created: number;
  expires: number;
  accepted_at: number | null;
  user_id: number | null;
}

const COLUMNS = 'id, account_id, email, first_name, last_name, role, invited_by, token_hash, created, expires, accepted_at, user_id';

const toRecord = (r: Row): InvitationRecord => ({
  id: r.id,
  accountId: r.account_id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  role: r.role,
  invitedBy: r.invited_by,
  tokenHash: r.token_hash,
  created: r.created,
  expires: r.expires,
  acceptedAt: r.accepted_at,
  userId: r.user_id,
});

export function sqliteInvitations(db: Db): InvitationRepo {
  const byId = db.prepare<[number, number], Row>(`SELECT ${COLUMNS} FROM invitations WHERE account_id = ? AND id = ?`);
  const insert = db.prepare(`INSERT INTO invitations (account_id, email, first_name, last_name, role, invited_by, token_hash, created, expires)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const emailTaken = db.prepare<[number, string], { n: number }>('SELECT COUNT(*) AS n FROM users WHERE account_id = ? AND email = ?');
  const insertUser = db.prepare(`INSERT INTO users (account_id, first_name, last_name, email, country_code, phone_number, role, is_account_manager, created)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertKey = db.prepare('INSERT INTO user_keys (account_id, user_id, key_hash, created) VALUES (?, ?, ?, ?)');
  const markUsed = db.prepare('UPDATE invitations SET accepted_at = ?, user_id = ? WHERE account_id = ? AND id = ? AND accepted_at IS NULL');
  const userById = db.prepare<[number, number], UserRow>(`SELECT ${userColumns('u')} FROM users u WHERE u.account_id = ? AND u.id = ?`);

  // IMMEDIATE: the check that it is unused and the mark that uses it are one write transaction, so two
  // acceptances of one link cannot both pass the check.
  const accept = db.transaction((accountId: number, id: number, a: Parameters<InvitationRepo['accept']>[2], keyHash: string, now: number) => {
    const inv = byId.get(accountId, id);
    if (!inv) return 'missing' as const;
    if (inv.accepted_at !== null) return 'used' as const;
    if (inv.expires <= now) return 'expired' as const;
    if (emailTaken.get(accountId, inv.email)!.n > 0) return DUPLICATE_EMAIL;
    const userId = Number(insertUser.run(accountId, a.first_name, a.last_name, inv.email, a.country_code, a.phone_number, inv.role, inv.role === 2 ? 1 : 0, now).lastInsertRowid);
    insertKey.run(accountId, userId, keyHash, now);
    markUsed.run(now, userId, accountId, id);
    return toUserRecord(userById.get(accountId, userId)!);
  });

  return {
    async create(accountId, inv, now) {
      const id = Number(insert.run(accountId, inv.email, inv.firstName, inv.lastName, inv.role, inv.invitedBy, inv.tokenHash, now, inv.expires).lastInsertRowid);
      return toRecord(byId.get(accountId, id)!);
    },
    async get(accountId, id) {
      const r = byId.get(accountId, id);
      return r ? toRecord(r) : null;
    },
    async list(accountId, { all, now }, paging) {
      const where = all ? 'account_id = ?' : 'account_id = ? AND accepted_at IS NULL AND expires > ?';
      const args = all ? [accountId] : [accountId, now];
      const total = db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM invitations WHERE ${where}`).get(...args)!.n;
      const rows = db
        .prepare<unknown[], Row>(`SELECT ${COLUMNS} FROM invitations WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`)
        .all(...args, paging.limit, paging.page * paging.limit);
      return { total, items: rows.map(toRecord) };
    },
    async delete(accountId, id) {
      return db.prepare('DELETE FROM invitations WHERE account_id = ? AND id = ?').run(accountId, id).changes > 0;
    },
    async accept(accountId, id, answer, keyHash, now) {
      return accept.immediate(accountId, id, answer, keyHash, now);
    },
  };
}
