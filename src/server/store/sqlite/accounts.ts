import type { AccountRecord, AccountRepo } from '../repos/accounts';
import type { Db } from './db';

interface Row {
  id: number;
  email: string;
  key_hash: string;
  created: number;
}

const toRecord = (r: Row): AccountRecord => ({ id: r.id, email: r.email, keyHash: r.key_hash, created: r.created });

export function sqliteAccounts(db: Db): AccountRepo {
  const byEmail = db.prepare<[string], Row>('SELECT id, email, key_hash, created FROM accounts WHERE email = ?');
  const byId = db.prepare<[number], Row>('SELECT id, email, key_hash, created FROM accounts WHERE id = ?');
  const all = db.prepare<[], Row>('SELECT id, email, key_hash, created FROM accounts ORDER BY id');
  const insertAccount = db.prepare('INSERT INTO accounts (email, key_hash, created) VALUES (?, ?, ?)');
  const insertOwner = db.prepare(`INSERT INTO users
    (account_id, first_name, last_name, email, role, is_account_owner, is_account_manager, created)
    VALUES (?, ?, ?, ?, 2, 1, 1, ?)`);

  const create = db.transaction((input: { email: string; keyHash: string; firstName: string; lastName: string }) => {
    if (byEmail.get(input.email)) return null;
    const now = Math.floor(Date.now() / 1000);
    const id = Number(insertAccount.run(input.email, input.keyHash, now).lastInsertRowid);
    insertOwner.run(id, input.firstName, input.lastName, input.email, now);
    return byId.get(id) ?? null;
  });

  return {
    async create(input) {
      const row = create.immediate(input);
      return row ? toRecord(row) : null;
    },
    async findByEmail(email) {
      const row = byEmail.get(email);
      return row ? toRecord(row) : null;
    },
    async get(id) {
      const row = byId.get(id);
      return row ? toRecord(row) : null;
    },
    async list() {
      return all.all().map(toRecord);
    },
  };
}
