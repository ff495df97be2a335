import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccount } from '../services/accounts';
import { openSqliteStore } from '../store/sqlite/open';

/** A SQLite store on a file of its own, and a second connection to that file. */
export interface TwoConnections {
  store: ReturnType<typeof openSqliteStore>;
  /** Stands for another process on the same file (a second service, the account CLI). */
  other: Database.Database;
  /** The ids of the accounts made for `emails`, in their order. */
  accounts: number[];
  close(): void;
}

/** Opens a store on a new temporary file with an account for each of `emails`, then another connection to it. */
export async function sqliteStoreWithOther(prefix: string, emails: string[]): Promise<TwoConnections> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const file = join(dir, 'store.sqlite');
  const store = openSqliteStore(file);
  const accounts: number[] = [];
  for (const email of emails) {
    const r = await createAccount(store, email);
    if (!r.ok) throw new Error(r.message);
    accounts.push((await store.accounts.findByEmail(email))!.id);
  }
  const other = new Database(file);
  other.pragma('busy_timeout = 5000');
  return {
    store,
    other,
    accounts,
    close() {
      other.close();
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
