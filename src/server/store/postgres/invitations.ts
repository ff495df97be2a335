import { DUPLICATE_EMAIL, type UserRecord } from '../repos/users';
import type { InvitationRecord, InvitationRepo } from '../repos/invitations';
import type { Pg } from './db';
import { userColumns } from './users';

const COLUMNS = `id, account_id AS "accountId", email, first_name AS "firstName", last_name AS "lastName", role, invited_by AS "invitedBy",
  token_hash AS "tokenHash", created, expires, accepted_at AS "acceptedAt", user_id AS "userId"`;

export function pgInvitations(pg: Pg): InvitationRepo {
  const get = async (accountId: number, id: number) =>
    Number.isSafeInteger(id) ? ((await pg.row<InvitationRecord>(`SELECT ${COLUMNS} FROM invitations WHERE account_id = $1 AND id = $2`, [accountId, id])) ?? null) : null;

  return {
    async create(accountId, inv, now) {
      return (await pg.row<InvitationRecord>(
        `INSERT INTO invitations (account_id, email, first_name, last_name, role, invited_by, token_hash, created, expires)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
        [accountId, inv.email, inv.firstName, inv.lastName, inv.role, inv.invitedBy, inv.tokenHash, now, inv.expires],
      ))!;
    },
    get,
    async list(accountId, { all, now }, paging) {
      const where = all ? 'account_id = $1' : 'account_id = $1 AND accepted_at IS NULL AND expires > $2';
      const args: number[] = all ? [accountId] : [accountId, now];
      const total = (await pg.row<{ n: number }>(`SELECT COUNT(*) AS n FROM invitations WHERE ${where}`, args))!.n;
      const n = args.length;
      const items = await pg.rows<InvitationRecord>(`SELECT ${COLUMNS} FROM invitations WHERE ${where} ORDER BY id DESC LIMIT $${n + 1} OFFSET $${n + 2}`, [
        ...args,
        paging.limit,
        paging.page * paging.limit,
      ]);
      return { total, items };
    },
    async delete(accountId, id) {
      return Number.isSafeInteger(id) && (await pg.exec('DELETE FROM invitations WHERE account_id = $1 AND id = $2', [accountId, id])) > 0;
    },
    async accept(accountId, id, a, keyHash, now) {
      if (!Number.isSafeInteger(id)) return 'missing';
      return pg.tx(async (tx) => {
        // FOR UPDATE: a concurrent acceptance of the same link waits here, then finds it used.
        const inv = await tx.row<InvitationRecord>(`SELECT ${COLUMNS} FROM invitations WHERE account_id = $1 AND id = $2 FOR UPDATE`, [accountId, id]);
        if (!inv) return 'missing' as const;
        if (inv.acceptedAt !== null) return 'used' as const;
        if (inv.expires <= now) return 'expired' as const;
        const user = await tx.row<UserRecord>(
          `INSERT INTO users (account_id, first_name, last_name, email, country_code, phone_number, role, is_account_manager, created)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           ON CONFLICT (account_id, lower(email)) DO NOTHING
           RETURNING ${userColumns('users')}`,
          [accountId, a.first_name, a.last_name, inv.email, a.country_code, a.phone_number, inv.role, inv.role === 2, now],
        );
        if (!user) return DUPLICATE_EMAIL;
        await tx.exec('INSERT INTO user_keys (account_id, user_id, key_hash, created) VALUES ($1, $2, $3, $4)', [accountId, user.id, keyHash, now]);
        await tx.exec('UPDATE invitations SET accepted_at = $1, user_id = $2 WHERE account_id = $3 AND id = $4', [now, user.id, accountId, id]);
        return user;
      });
    },
  };
}
