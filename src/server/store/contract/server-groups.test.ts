import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedServerRow, startTestService, type TestService } from '../../testing/harness';
import { testStoreKind } from '../test-store';

// The folded repeats of the two stores (issue 16): server tags and server sets list only members of
// their own account, whatever ids a caller hands the repo, and an id past the exact integers names
// nothing (no error, on either store).
let svc: TestService;
let mine: number;
let theirs: number;
beforeAll(async () => {
  svc = await startTestService();
  mine = await seedServerRow(svc.sql, svc.account.id, { hostname: 'mine' });
  theirs = await seedServerRow(svc.sql, svc.other.id, { hostname: 'theirs' });
});
afterAll(() => svc.close());

const UNSAFE = 2 ** 60;

describe('server tags and server sets on both stores', () => {
  it("another account's server never shows among a tag's or a set's members", async () => {
    const { store } = svc.deps;
    const mixed = store.serverTags.create(svc.account.id, { name: 'mixed', servers: [mine, theirs] });
    // PostgreSQL's schema refuses the member row (its key leads with the account); SQLite stores it, and
    // the member join on the account keeps it out of every answer.
    if (testStoreKind() === 'postgres') {
      await expect(mixed).rejects.toThrow(/foreign key/);
      return;
    }
    const tag = await mixed;
    expect(tag.servers).toEqual([mine]);
    const set = await store.serverSets.create(svc.account.id, { name: 'via mixed', tags: [tag.id] });
    expect(set.servers).toEqual([mine]);
    const page = await store.serverSets.list(svc.account.id, 'via', { limit: 10, page: 0 });
    expect(page.items.map((s) => [s.name, s.servers])).toEqual([['via mixed', [mine]]]);
  });

  it('pages tags and sets by a case-insensitive name filter, in id order', async () => {
    const { store } = svc.deps;
    for (const name of ['Alpha', 'alpha-2', 'beta']) await store.serverTags.create(svc.account.id, { name, servers: [] });
    const page = await store.serverTags.list(svc.account.id, 'ALPHA', { limit: 1, page: 1 });
    expect(page.total).toBe(2);
    expect(page.items.map((t) => t.name)).toEqual(['alpha-2']);
    expect((await store.serverTags.list(svc.other.id, 'alpha', { limit: 10, page: 0 })).total).toBe(0);
  });

  it('an id past the exact integers reads as missing and changes nothing', async () => {
    const { store } = svc.deps;
    expect(await store.serverTags.get(svc.account.id, UNSAFE)).toBeNull();
    expect(await store.serverTags.update(svc.account.id, UNSAFE, { name: 'x', servers: [] })).toBeNull();
    expect(await store.serverTags.delete(svc.account.id, UNSAFE)).toBe(false);
    expect(await store.serverSets.get(svc.account.id, UNSAFE)).toBeNull();
    expect(await store.serverSets.update(svc.account.id, UNSAFE, { name: 'x', tags: [] })).toBeNull();
    expect(await store.serverSets.delete(svc.account.id, UNSAFE)).toBe(false);
    const tag = await store.serverTags.create(svc.account.id, { name: 'unsafe member', servers: [mine, UNSAFE] });
    expect(tag.servers).toEqual([mine]);
  });
});
