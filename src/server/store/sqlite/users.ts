import type { UserCreate, UserUpdate } from '../../../shared/users';
import { DUPLICATE_EMAIL, type UserRecord, type UserRepo } from '../repos/users';
import type { Db } from './db';
import { removeUserFromAlerts } from './user-removal';
import { removeUserFromSchedules } from './schedules';
import { missingIds } from './util';

/** A users row as SQLite answers it. */
export interface UserRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  country_code: number | null;
  phone_number: number | null;
  role: number;
  is_account_owner: number;
  is_account_manager: number;
  created: number;
}

const FIELDS = ['id', 'first_name', 'last_name', 'email', 'country_code', 'phone_number', 'role', 'is_account_owner', 'is_account_manager', 'created'];
const COLUMNS = FIELDS.join(', ');

/** The columns of a user record, of the users table under the alias `t`. */
export const userColumns = (t: string) => FIELDS.map((f) => `${t}.${f}`).join(', ');

/** The user record of a users row. */
export const toUserRecord = (r: UserRow): UserRecord => ({
  ...r,
  is_account_owner: r.is_account_owner === 1,
  is_account_manager: r.is_account_manager === 1,
});

const isUniqueViolation = (e: unknown) =>
  typeof e === 'object' && e !== null && (e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';

export function sqliteUsers(db: Db): UserRepo {
  const byId = db.prepare<[number, number], UserRow>(`SELECT ${COLUMNS} FROM users WHERE account_id = ? AND id = ?`);
  const byEmail = db.prepare<[number, string], UserRow>(`SELECT ${COLUMNS} FROM users WHERE account_id = ? AND email = ?`);

  const create = db.transaction((accountId: number, input: UserCreate, now: number) => {
    const id = Number(
      db
        .prepare(
          `INSERT INTO users (account_id, first_name, last_name, email, country_code, phone_number, role, is_account_manager, created)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(accountId, input.first_name, input.last_name, input.email, input.country_code, input.phone_number, input.role ?? 3, input.role === 2 ? 1 : 0, now)
        .lastInsertRowid,
    );
    return id;
  });

  const remove = db.transaction((accountId: number, id: number) => {
    const gone = db.prepare('DELETE FROM users WHERE account_id = ? AND id = ?').run(accountId, id).changes > 0;
    if (gone) removeUserFromAlerts(db, accountId, id);
    if (gone) removeUserFromSchedules(db, accountId, id);
    return gone;
  });

  return {
    async list(accountId, filter, paging) {
      const where = filter.email !== undefined ? 'account_id = ? AND email = ?' : 'account_id = ?';
      const args: (number | string)[] = filter.email !== undefined ? [accountId, filter.email] : [accountId];
      const total = db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM users WHERE ${where}`).get(...args)!.n;
      const rows = db
        .prepare<unknown[], UserRow>(`SELECT ${COLUMNS} FROM users WHERE ${where} ORDER BY id LIMIT ? OFFSET ?`)
        .all(...args, paging.limit, paging.page * paging.limit);
      return { total, items: rows.map(toUserRecord) };
    },
    async get(accountId, id) {
      const row = byId.get(accountId, id);
      return row ? toUserRecord(row) : null;
    },
    async findByEmail(accountId, email) {
      const row = byEmail.get(accountId, email);
      return row ? toUserRecord(row) : null;
    },
    async create(accountId, input, now) {
      try {
        return toUserRecord(byId.get(accountId, create.immediate(accountId, input, now))!);
      } catch (e) {
        if (isUniqueViolation(e)) return DUPLICATE_EMAIL;
        throw e;
      }
    },
    async update(accountId, id, patch: UserUpdate) {
      const row = byId.get(accountId, id);
      if (!row) return null;
      try {
        db.prepare(
          `UPDATE users SET first_name = ?, last_name = ?, email = ?, country_code = ?, phone_number = ?
           WHERE account_id = ? AND id = ?`,
        ).run(
          patch.first_name ?? row.first_name,
          patch.last_name ?? row.last_name,
          patch.email ?? row.email,
          patch.country_code ?? row.country_code,
          patch.phone_number ?? row.phone_number,
          accountId,
          id,
        );
      } catch (e) {
        if (isUniqueViolation(e)) return DUPLICATE_EMAIL;
        throw e;
      }
      return toUserRecord(byId.get(accountId, id)!);
    },
    async delete(accountId, id) {
      return remove(accountId, id);
    },
    async missing(accountId, ids) {
      return missingIds(db, 'users', accountId, ids);
    },
  };
}
