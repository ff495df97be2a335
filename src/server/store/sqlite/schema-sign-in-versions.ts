import type { SchemaModule } from './migrations';

const BUMP = 'UPDATE sign_in_version SET v = v + 1;';
const on = (table: string, what: string) => `CREATE TRIGGER sign_in_version_${table}_${what.split(' ')[0]!.toLowerCase()} AFTER ${what} ON ${table} BEGIN ${BUMP} END;`;

/**
 * One version of everything a sign-in reads (accounts' e-mails and keys, users, users' keys), bumped by
 * triggers on any change of it, whichever process or code path makes it, so the credentials of an
 * e-mail can be kept while it stands (team.ts): a revoked key or a removed user is refused on the next
 * request as before. One row, not one per account: an e-mail's credentials span accounts, and these
 * tables change seldom. SQLite's own bookkeeping: a store moved to PostgreSQL leaves it behind
 * (migration-source.ts). It must stay after every module that rebuilds these tables.
 */
export const signInVersionsSchema: SchemaModule = {
  name: 'sign-in-versions',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE sign_in_version (v INTEGER NOT NULL);
INSERT INTO sign_in_version (v) VALUES (0);
${on('accounts', 'DELETE')}
${on('accounts', 'UPDATE OF id, email, key_hash')}
${on('users', 'INSERT')}
${on('users', 'DELETE')}
${on('users', 'UPDATE')}
${on('user_keys', 'INSERT')}
${on('user_keys', 'DELETE')}
${on('user_keys', 'UPDATE')}
`,
    },
  ],
};
