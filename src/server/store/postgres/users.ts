import type { UserUpdate } from '../../../shared/users';
import { DUPLICATE_EMAIL, type UserRecord, type UserRepo } from '../repos/users';
import { named, type Pg } from './db';
import { removeUserFromAlerts } from './user-removal';
import { removeUserFromSchedules } from './schedules';
import { isUniqueViolation, missingIds } from './util';

const FIELDS = ['id', 'first_name', 'last_name', 'email', 'country_code', 'phone_number', 'role', 'is_account_owner', 'is_account_manager', 'created'];
const SELECT = `SELECT ${FIELDS.join(', ')} FROM users`;

/** The columns of a user record, of the users table under the alias `t`. */
export const userColumns = (t: string) => FIELDS.map((f) => `${t}.${f}`).join(', ');
// Read with every request signed in by session (the signed-in profile).
const BY_ID = named(`${SELECT} WHERE account_id = $1 AND id = $2`);

/** Profiles of an account; e-mails compare case-insensitively (SQLite: COLLATE NOCASE). */
export function pgUsers(pg: Pg): UserRepo {
  const byId = (accountId: number, id: number) =>
    Number.isSafeInteger(id) ? pg.row<UserRecord>(BY_ID, [accountId, id]) : Promise.resolve(undefined);

  return {
    async list(accountId, filter, paging) {
      const where = filter.email !== undefined ? 'account_id = $1 AND lower(email) = lower($2)' : 'account_id = $1';
      const args: (number | string)[] = filter.email !== undefined ? [accountId, filter.email] : [accountId];
      const total = (await pg.row<{ n: number }>(`SELECT COUNT(*) AS n FROM users WHERE ${where}`, args))!.n;
      const n = args.length;
      const items = await pg.rows<UserRecord>(`${SELECT} WHERE ${where} ORDER BY id LIMIT $${n + 1} OFFSET $${n + 2}`, [
        ...args,
        paging.limit,
        paging.page * paging.limit,
      ]);
      return { total, items };
    },
    async get(accountId, id) {
      return (await byId(accountId, id)) ?? null;
    },
    async findByEmail(accountId, email) {
      return (await pg.row<UserRecord>(`${SELECT} WHERE account_id = $1 AND lower(email) = lower($2)`, [accountId, email])) ?? null;
    },
    async create(accountId, input, now) {
      const row = await pg.row<UserRecord>(
        `INSERT INTO users (account_id, first_name, last_name, email, country_code, phone_number, role, is_account_manager, created)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (account_id, lower(email)) DO NOTHING
         RETURNING id, first_name, last_name, email, country_code, phone_number, role, is_account_owner, is_account_manager, created`,
        [accountId, input.first_name, input.last_name, input.email, input.country_code, input.phone_number, input.role ?? 3, input.role === 2, now],
      );
      return row ?? DUPLICATE_EMAIL;
    },
    async update(accountId, id, patch: UserUpdate) {
      const row = await byId(accountId, id);
      if (!row) return null;
      try {
        return (await pg.row<UserRecord>(
          `UPDATE users SET first_name = $1, last_name = $2, email = $3, country_code = $4, phone_number = $5
           WHERE account_id = $6 AND id = $7
           RETURNING id, first_name, last_name, email, country_code, phone_number, role, is_account_owner, is_account_manager, created`,
          [
            patch.first_name ?? row.first_name,
            patch.last_name ?? row.last_name,
            patch.email ?? row.email,
            patch.country_code ?? row.country_code,
            patch.phone_number ?? row.phone_number,
            accountId,
            id,
          ],
        )) ?? null;
      } catch (e) {
        if (isUniqueViolation(e)) return DUPLICATE_EMAIL;
        throw e;
      }
    },
    async delete(accountId, id) {
      if (!Number.isSafeInteger(id)) return false;
      return pg.tx(async (tx) => {
        const gone = (await tx.exec('DELETE FROM users WHERE account_id = $1 AND id = $2', [accountId, id])) > 0;
        if (gone) await removeUserFromAlerts(tx, accountId, id);
        if (gone) await removeUserFromSchedules(tx, accountId, id);
        return gone;
      });
    },
    async missing(accountId, ids) {
      return missingIds(pg, 'users', accountId, ids);
    },
  };
}
