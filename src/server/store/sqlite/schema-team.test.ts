import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './db';
import { sqliteTeam } from './team';

const dir = mkdtempSync(join(tmpdir(), 'fw-migrate-team-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('team schema v2', () => {
  it('finds a user key sign-in by e-mail through an index, not by reading every user', () => {
    const db = openDb(join(dir, 'team.sqlite'));
    const plan = db
      .prepare("EXPLAIN QUERY PLAN SELECT u.id FROM user_keys k JOIN users u ON u.account_id = k.account_id AND u.id = k.user_id WHERE u.email = 'x@y.z'")
      .all() as { detail: string }[];
    expect(plan.map((p) => p.detail)).toContainEqual(expect.stringMatching(/SEARCH u USING (COVERING )?INDEX users_email \(email=\?\)/));
    db.close();
  });

  it("signs a user key in by its e-mail in any letter case, in the user's own account only", async () => {
    const db = openDb(join(dir, 'keys.sqlite'));
    const account = (email: string) => Number(db.prepare('INSERT INTO accounts (email, key_hash, created) VALUES (?, ?, 0)').run(email, `h-${email}`).lastInsertRowid);
    const user = db.prepare('INSERT INTO users (account_id, first_name, last_name, email, is_account_owner, created) VALUES (?, ?, ?, ?, ?, 0)');
    const [a, b] = [account('a@x.co'), account('b@x.co')];
    user.run(a, 'A', 'Owner', 'a@x.co', 1);
    user.run(b, 'B', 'Owner', 'b@x.co', 1);
    const ada = Number(user.run(a, 'Ada', 'L', 'Ada@Example.com', 0).lastInsertRowid);
    user.run(b, 'Ada', 'Other', 'ada@other.com', 0);
    const team = sqliteTeam(db);
    expect(await team.setKey(a, ada, 'ada-key-hash', 0)).toBe(true);
    const found = await team.credentials('ada@example.COM');
    expect(found.map((c) => [c.accountId, c.user.id, c.keyHash])).toEqual([[a, ada, 'ada-key-hash']]);
    db.close();
  });
});
