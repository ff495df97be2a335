import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteStoreWithOther, type TwoConnections } from '../../testing/sqlite-two-connections';
import { registrationFor } from '../../testing/ingest';

// SQLite keeps pages of the server list while the account's server list version stands
// (schema-list-versions.ts, server-list-cache.ts); last_seen, which every batch moves, is read again at
// each use. Another connection stands for another process on the same file.
const NOW = 1_800_000_000;
let store: TwoConnections['store'];
let other: Database.Database;
let close: () => void;
let a = 0;
const ids: number[] = [];
const paging = { limit: 2500, page: 0 };
const list = () => store.servers.list(a, {}, paging);
const hostnames = async () => (await list()).items.map((s) => s.hostname);
const version = () => (other.prepare('SELECT v FROM server_list_versions WHERE account_id = ?').pluck().get(a) as number | undefined) ?? 0;

beforeAll(async () => {
  const t = await sqliteStoreWithOther('fw-server-pages-', ['servers@example.com']);
  ({ store, other, close } = t);
  a = t.accounts[0]!;
  for (const g of ['one', 'two']) {
    const reg = await store.telemetry.register(a, registrationFor(g), '10.0.0.1', NOW);
    if (reg.kind !== 'ok') throw new Error('register failed');
    ids.push(reg.serverId);
  }
});
afterAll(() => close());

describe('the server list on SQLite', () => {
  it('answers a kept page with each server\'s last_seen read again: a batch moves it and keeps the page', async () => {
    const first = await list();
    expect(first.items.map((s) => s.hostname)).toEqual(['host-one', 'host-two']);
    const v = version();
    other.prepare('UPDATE servers SET last_seen = max(coalesce(last_seen, 0), ?) WHERE account_id = ? AND id = ?').run(NOW + 60, a, ids[0]);
    expect(version()).toBe(v); // what ingest writes leaves the version
    const again = await list();
    expect(again.items[0]!.lastSeen).toBe(NOW + 60);
    expect(again.items[0]!.capacity_disks).toBe(first.items[0]!.capacity_disks); // the kept row, shared and frozen
    expect(Object.isFrozen(again.items[0]!.capacity_disks)).toBe(true);
    expect(again.total).toBe(2);
  });

  it('shows what another process renames, registers and deletes, at the next read', async () => {
    other.prepare("UPDATE servers SET nickname = 'db' WHERE account_id = ? AND id = ?").run(a, ids[1]);
    expect((await list()).items[1]!.nickname).toBe('db');
    other.prepare("UPDATE servers SET hostname = 'renamed' WHERE account_id = ? AND id = ?").run(a, ids[0]);
    expect(await hostnames()).toEqual(['renamed', 'host-two']);
    const reg = await store.telemetry.register(a, registrationFor('three'), '10.0.0.3', NOW);
    if (reg.kind !== 'ok') throw new Error('register failed');
    expect(await hostnames()).toEqual(['renamed', 'host-two', 'host-three']);
    other.prepare('UPDATE servers SET deleted_at = ? WHERE account_id = ? AND id = ?').run(NOW, a, ids[1]);
    expect(await hostnames()).toEqual(['renamed', 'host-three']);
    expect((await list()).total).toBe(2);
  });

  it('reads the page again when its servers are not the kept ones (a change between the two reads)', async () => {
    await list();
    const v = version();
    // A server appears while the version reads as before, as when another process commits between this
    // process's read of the version and its read of last_seen.
    other.prepare("INSERT INTO servers (account_id, guid, hostname, os, created) VALUES (?, 'four', 'host-four', 'Linux', ?)").run(a, NOW);
    other.prepare('UPDATE server_list_versions SET v = ? WHERE account_id = ?').run(v, a);
    expect(await hostnames()).toEqual(['renamed', 'host-three', 'host-four']);
  });

  it('keeps nothing read inside a transaction: a rolled-back server is never answered later', async () => {
    const before = await hostnames();
    let inside: string[] = [];
    try {
      store.db.transaction(() => {
        store.db.prepare("UPDATE servers SET hostname = 'rolled back' WHERE account_id = ?").run(a);
        void list().then((p) => (inside = p.items.map((s) => s.hostname)));
        throw new Error('roll back');
      })();
    } catch {
      // rolled back
    }
    await Promise.resolve();
    expect(inside[0]).toBe('rolled back');
    expect(await hostnames()).toEqual(before);
  });
  it('has every column of servers but last_seen in the trigger that moves the version (a new column must join it)', () => {
    const columns = store.db.prepare("SELECT name FROM pragma_table_info('servers')").pluck().all() as string[];
    const trigger = store.db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'server_list_versions_update'").pluck().get() as string;
    const watched = /UPDATE OF ([\s\S]*?) ON servers/.exec(trigger)![1]!.split(',').map((c) => c.trim());
    expect(watched.sort()).toEqual(columns.filter((c) => c !== 'last_seen').sort());
  });
});
