import type { SchemaModule } from './migrations';

/** The user-profile module's own tables (its confirmation-mail outbox was dropped in version 2). */
export const usersSchema: SchemaModule = {
  name: 'users',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE user_outbox (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created INTEGER NOT NULL,
  sent_at INTEGER
);
CREATE INDEX user_outbox_account ON user_outbox (account_id, id);
`,
    },
    // Confirmation e-mails now go through the notifications outbox (OutboxRepo.enqueueUserEmail).
    { version: 2, sql: 'DROP TABLE user_outbox;' },
  ],
};
