import type { SchemaModule } from './migrations';

/**
 * Team access (issue 10): per-user API keys (SHA-256 hashes only), dashboard sessions (token hashes
 * only) and the audit log of configuration changes. The owner's key stays `accounts.key_hash`.
 */
export const teamSchema: SchemaModule = {
  name: 'team',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE user_keys (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key_hash TEXT NOT NULL,
  created INTEGER NOT NULL
);
CREATE UNIQUE INDEX user_keys_user ON user_keys (account_id, user_id);

CREATE TABLE sessions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL,
  csrf_token TEXT NOT NULL,
  created INTEGER NOT NULL,
  last_seen INTEGER NOT NULL
);
CREATE UNIQUE INDEX sessions_token ON sessions (token_hash);
CREATE INDEX sessions_user ON sessions (account_id, user_id);

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  time INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  user_email TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  resource TEXT NOT NULL,
  resource_id INTEGER,
  action TEXT NOT NULL,
  before TEXT,
  after TEXT
);
CREATE INDEX audit_log_account ON audit_log (account_id, id DESC);
`,
    },
    {
      // A user's key signs in by e-mail alone, in any account: without this index every request read
      // every user of every account. Same as PostgreSQL's users_email (0002_team).
      version: 2,
      sql: `CREATE INDEX users_email ON users (email);`,
    },
  ],
};
