import { z } from 'zod';
import type { Sql } from './db';

const alertUsers = z.array(z.looseObject({ id: z.number() }));

/**
 * Takes a deleted user off every alert of the account. An alert must notify at least one user, so
 * one left with nobody gets the account owner, by e-mail only. Entries of users deleted before (kept
 * by older versions) go too. Runs inside the deleting transaction. `users::jsonb` reads the column
 * whether it is stored as jsonb or as JSON text; a JSON text parameter writes either.
 */
export async function removeUserFromAlerts(sql: Sql, accountId: number, userId: number): Promise<void> {
  const owner = await sql.row<{ id: number }>(
    'SELECT id FROM users WHERE account_id = $1 AND is_account_owner ORDER BY id LIMIT 1',
    [accountId],
  );
  const live = new Set((await sql.rows<{ id: number }>('SELECT id FROM users WHERE account_id = $1', [accountId])).map((u) => u.id));
  live.delete(userId);
  const affected = await sql.rows<{ id: number; users: string }>(
    `SELECT id, users::text AS users FROM alerts a WHERE account_id = $1
       AND jsonb_path_exists(a.users::jsonb, '$[*] ? (@.id == $id)', jsonb_build_object('id', $2::bigint))`,
    [accountId, userId],
  );
  for (const a of affected) {
    const parsed = alertUsers.safeParse(JSON.parse(a.users));
    let users: unknown[] = parsed.success ? parsed.data.filter((u) => live.has(u.id)) : [];
    if (users.length === 0 && owner) users = [{ id: owner.id, sendemail: true, sendsms: false, pushnotification: false }];
    await sql.exec('UPDATE alerts SET users = $1 WHERE account_id = $2 AND id = $3', [JSON.stringify(users), accountId, a.id]);
  }
}
