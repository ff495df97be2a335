import { z } from 'zod';
import type { Db } from './db';

const alertUsers = z.array(z.looseObject({ id: z.number() }));

/**
 * Takes a deleted user off every alert of the account. An alert must notify at least one user, so
 * one left with nobody gets the account owner, by e-mail only. Entries of users deleted before (kept
 * by older versions) go too. Runs inside the deleting transaction.
 */
export function removeUserFromAlerts(db: Db, accountId: number, userId: number): void {
  const owner = db
    .prepare<[number], { id: number }>('SELECT id FROM users WHERE account_id = ? AND is_account_owner = 1 ORDER BY id LIMIT 1')
    .get(accountId);
  const live = new Set(db.prepare<[number], { id: number }>('SELECT id FROM users WHERE account_id = ?').all(accountId).map((u) => u.id));
  live.delete(userId);
  const affected = db
    .prepare<[number, number], { id: number; users: string }>(
      `SELECT id, users FROM alerts a WHERE account_id = ?
         AND EXISTS (SELECT 1 FROM json_each(a.users) j WHERE json_extract(j.value, '$.id') = ?)`,
    )
    .all(accountId, userId);
  const write = db.prepare('UPDATE alerts SET users = ? WHERE account_id = ? AND id = ?');
  for (const a of affected) {
    const parsed = alertUsers.safeParse(JSON.parse(a.users));
    let users: unknown[] = parsed.success ? parsed.data.filter((u) => live.has(u.id)) : [];
    if (users.length === 0 && owner) users = [{ id: owner.id, sendemail: true, sendsms: false, pushnotification: false }];
    write.run(JSON.stringify(users), accountId, a.id);
  }
}
