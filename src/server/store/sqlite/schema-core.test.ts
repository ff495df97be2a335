import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './db';

const dir = mkdtempSync(join(tmpdir(), 'fw-migrate-core-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('core schema v2', () => {
  it('gives the account owner to alerts left without any existing user, and leaves the others alone', () => {
    const file = join(dir, 'old.sqlite');
    const db = openDb(file);
    // As a store written before version 2: a deleted user still named by one alert, another alert with none.
    const account = Number(db.prepare("INSERT INTO accounts (email, key_hash, created) VALUES ('a@b.co', 'x', 0)").run().lastInsertRowid);
    const user = db.prepare('INSERT INTO users (account_id, first_name, last_name, email, is_account_owner, created) VALUES (?, ?, ?, ?, ?, 0)');
    const owner = Number(user.run(account, 'O', 'Wner', 'a@b.co', 1).lastInsertRowid);
    const staff = Number(user.run(account, 'S', 'Taff', 's@b.co', 0).lastInsertRowid);
    const alert = db.prepare("INSERT INTO alerts (account_id, name, type, target_id, target, trigger_type, trigger, users, created) VALUES (?, ?, 'Server', '1', 't', 'CPU', 't', ?, 0)");
    const flags = (id: number) => ({ id, sendemail: false, sendsms: true, pushnotification: false });
    const gone = Number(alert.run(account, 'gone', JSON.stringify([flags(999)])).lastInsertRowid);
    const none = Number(alert.run(account, 'none', '[]').lastInsertRowid);
    const kept = Number(alert.run(account, 'kept', JSON.stringify([flags(staff), flags(999)])).lastInsertRowid);
    db.prepare("DELETE FROM schema_migrations WHERE module = 'core' AND version = 2").run();
    db.close();

    const reopened = openDb(file);
    const users = (id: number) => JSON.parse((reopened.prepare('SELECT users FROM alerts WHERE id = ?').get(id) as { users: string }).users);
    const toOwner = [{ id: owner, sendemail: true, sendsms: false, pushnotification: false }];
    expect([users(gone), users(none), users(kept)]).toEqual([toOwner, toOwner, [flags(staff), flags(999)]]);
    reopened.close();
  });
});
