import type { AccountRecord, AccountRepo } from '../repos/accounts';
import { named, type Pg } from './db';

interface Row {
  id: number;
  email: string;
  key_hash: string;
  created: number;
}

const toRecord = (r: Row): AccountRecord => ({ id: r.id, email: r.email, keyHash: r.key_hash, created: r.created });
const SELECT = 'SELECT id, email, key_hash, created FROM accounts';
// Read with every request (the signed-in account).
const BY_ID = named(`${SELECT} WHERE id = $1`);

export function pgAccounts(pg: Pg): AccountRepo {
  return {
    async create(input) {
      const now = Math.floor(Date.now() / 1000);
      const row = await pg.tx(async (tx) => {
        // The e-mail's unique index (any case) decides a race between two sign-ups.
        const acc = await tx.row<Row>(
          `INSERT INTO accounts (email, key_hash, created) VALUES ($1, $2, $3)
           ON CONFLICT (lower(email)) DO NOTHING RETURNING id, email, key_hash, created`,
          [input.email, input.keyHash, now],
        );
        if (!acc) return null;
        await tx.exec(
          `INSERT INTO users (account_id, first_name, last_name, email, role, is_account_owner, is_account_manager, created)
           VALUES ($1, $2, $3, $4, 2, true, true, $5)`,
          [acc.id, input.firstName, input.lastName, input.email, now],
        );
        return acc;
      });
      return row ? toRecord(row) : null;
    },
    async findByEmail(email) {
      const row = await pg.row<Row>(`${SELECT} WHERE lower(email) = lower($1)`, [email]);
      return row ? toRecord(row) : null;
    },
    async get(id) {
      if (!Number.isSafeInteger(id)) return null;
      const row = await pg.row<Row>(BY_ID, [id]);
      return row ? toRecord(row) : null;
    },
    async list() {
      return (await pg.rows<Row>(`${SELECT} ORDER BY id`)).map(toRecord);
    },
  };
}
