import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore, type TestStore } from '../store/test-store';
import type { Store } from '../store/store';
import { createAccount } from './accounts';

let dir: string;
let ts: TestStore;
let store: Store;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mon-accounts-'));
  ts = await openTestStore(dir);
  store = ts.store;
});
afterAll(async () => {
  await ts.close();
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
