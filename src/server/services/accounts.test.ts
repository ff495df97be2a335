import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/sqlite/open';
import type { Store } from '../store/store';
import { createAccount } from './accounts';

let dir: string;
let store: Store & { close(): void };
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mon-accounts-'));
  store = openSqliteStore(join(dir, 'test.sqlite'));
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

// The account CLI (`npm run account -- create --email X`) creates accounts through createAccount.
describe('createAccount', () => {
  it.each(['a@b..c', 'a@.b.c', 'x@y.z<script>', 'a@b.c;', '"@b.c', 'a@b', '.a@example.com'])('refuses %s and stores nothing', async (email) => {
    const r = await createAccount(store, email);
    expect(r).toEqual({ ok: false, message: `not a valid e-mail address: ${JSON.stringify(email)}` });
    expect(await store.accounts.findByEmail(email)).toBeNull();
  });

  it('creates an account for a good address, trimmed', async () => {
    const r = await createAccount(store, '  ops.team+1@example.co.uk ');
    expect(r).toMatchObject({ ok: true, email: 'ops.team+1@example.co.uk' });
    expect(await store.accounts.findByEmail('ops.team+1@example.co.uk')).not.toBeNull();
  });
});
