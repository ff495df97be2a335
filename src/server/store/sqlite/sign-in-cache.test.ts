import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteStoreWithOther, type TwoConnections } from '../../testing/sqlite-two-connections';

// SQLite keeps the credentials of an e-mail while the sign-in version stands (schema-sign-in-versions.ts,
// team.ts). Another connection stands for another process on the same file (the account CLI, a second
// service): whatever it changes of accounts, users or their keys is what the next sign-in reads.
let store: TwoConnections['store'];
let other: Database.Database;
let close: () => void;
let a = 0;
let owner = 0;
const EMAIL = 'signin@example.com';
const version = () => other.prepare('SELECT v FROM sign_in_version').pluck().get() as number;
const hashes = async (email: string) => (await store.team.credentials(email)).map((c) => c.keyHash);

beforeAll(async () => {
  const t = await sqliteStoreWithOther('fw-sign-in-', [EMAIL]);
  ({ store, other, close } = t);
  a = t.accounts[0]!;
  owner = other.prepare('SELECT id FROM users WHERE account_id = ? AND is_account_owner = 1').pluck().get(a) as number;
});
afterAll(() => close());

describe('sign-in credentials on SQLite', () => {
  it('follow another process\'s change of the account key, a user\'s key, its revocation and a role', async () => {
    const [first] = await hashes(EMAIL);
    expect(first).toBeTruthy();
    other.prepare("UPDATE accounts SET key_hash = 'rotated' WHERE id = ?").run(a);
    expect(await hashes(EMAIL)).toEqual(['rotated']);

    const user = Number(other.prepare("INSERT INTO users (account_id, email, first_name, last_name, role, created) VALUES (?, 'member@example.com', 'M', 'M', 0, 0)").run(a).lastInsertRowid);
    expect(await hashes('member@example.com')).toEqual([]);
    other.prepare("INSERT INTO user_keys (account_id, user_id, key_hash, created) VALUES (?, ?, 'member-key', 0)").run(a, user);
    expect(await hashes('member@example.com')).toEqual(['member-key']);
    other.prepare('UPDATE users SET role = 2 WHERE account_id = ? AND id = ?').run(a, user);
    expect((await store.team.credentials('member@example.com'))[0]!.user.role).toBe(2);
    other.prepare('DELETE FROM user_keys WHERE account_id = ? AND user_id = ?').run(a, user);
    expect(await hashes('member@example.com')).toEqual([]); // revoked: refused at the next sign-in
    other.prepare('DELETE FROM users WHERE account_id = ? AND id = ?').run(a, user);
    expect(owner).toBeGreaterThan(0);
  });

  it('moves with what a sign-in reads and not with telemetry or alerts', async () => {
    const v = version();
    other.prepare("INSERT INTO server_tags (account_id, name) VALUES (?, 'unrelated')").run(a);
    other.prepare('UPDATE accounts SET transactions_on = transactions_on WHERE id = ?').run(a);
    expect(version()).toBe(v);
    other.prepare("UPDATE users SET first_name = 'Renamed' WHERE account_id = ? AND id = ?").run(a, owner);
    expect(version()).toBe(v + 1);
    expect((await store.team.credentials(EMAIL))[0]!.user.first_name).toBe('Renamed');
  });

  it('gives each caller its own copy', async () => {
    const [one] = await store.team.credentials(EMAIL);
    one!.user.role = 99;
    const [two] = await store.team.credentials(EMAIL);
    expect(two!.user.role).not.toBe(99);
  });
});
