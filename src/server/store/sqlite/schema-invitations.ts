import type { SchemaModule } from './migrations';

/**
 * Invitations (issue 17): a Manager invites a teammate by e-mail; the e-mailed link's secret is kept
 * only as its SHA-256 hash, works until `expires` and once (accepted_at). invited_by and user_id name
 * profiles without a foreign key: the record outlives both. Same as PostgreSQL's 0012.
 */
export const invitationsSchema: SchemaModule = {
  name: 'invitations',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE invitations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  email TEXT NOT NULL COLLATE NOCASE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  role INTEGER NOT NULL,
  invited_by INTEGER NOT NULL,
  token_hash TEXT NOT NULL,
  created INTEGER NOT NULL,
  expires INTEGER NOT NULL,
  accepted_at INTEGER,
  user_id INTEGER
);
CREATE INDEX invitations_pending ON invitations (account_id, expires) WHERE accepted_at IS NULL;
CREATE INDEX audit_log_action ON audit_log (account_id, action, id);
`,
    },
  ],
};
