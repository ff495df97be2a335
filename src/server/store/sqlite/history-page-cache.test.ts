import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteStoreWithOther, type TwoConnections } from '../../testing/sqlite-two-connections';

// SQLite keeps pages of the history list while the account's history version stands
// (schema-list-versions.ts, history-page-cache.ts). Another connection stands for another process
// on the same file: whatever it changes, the next list shows it; a window moved past a history's start
// shows it too; and a page read inside a transaction is never kept.
const NOW = 1_800_000_000;
let store: TwoConnections['store'];
let other: Database.Database;
let close: () => void;
let a = 0;
let b = 0;
const paging = { limit: 2500, page: 0 };

const insert = (db: Database.Database, account: number, start: number, subject: string) =>
  Number(db.prepare('INSERT INTO alert_histories (account_id, alert_id, start, "end", subject) VALUES (?, 1, ?, NULL, ?)').run(account, start, subject).lastInsertRowid);
const subjects = async (filter: { start?: number; end: number; open?: boolean }, account = a) =>
  (await store.alertHistories.list(account, filter, paging)).items.map((h) => h.subject);

beforeAll(async () => {
  const t = await sqliteStoreWithOther('fw-history-pages-', ['pages@example.com', 'pages@example.net']);
  ({ store, other, close } = t);
  [a, b] = t.accounts as [number, number];
  insert(other, a, NOW - 600, 'first');
  insert(other, b, NOW - 300, 'other account');
});
afterAll(() => close());

describe('the history list on SQLite', () => {
  it('answers a page kept from the last read while nothing changed (the same frozen page)', async () => {
    const first = await store.alertHistories.list(a, { end: NOW }, paging);
    const again = await store.alertHistories.list(a, { end: NOW + 30 }, paging);
    expect(again).toBe(first);
    expect(Object.isFrozen(again.items[0])).toBe(true);
    expect(again.items.map((h) => h.subject)).toEqual(['first']);
  });

  it('shows what another process inserts, acknowledges and deletes, at the next read', async () => {
    const id = insert(other, a, NOW - 100, 'second');
    expect(await subjects({ end: NOW })).toEqual(['second', 'first']);
    other.prepare('UPDATE alert_histories SET acknowledged_by = 7, "end" = ? WHERE id = ?').run(NOW - 50, id);
    const page = await store.alertHistories.list(a, { end: NOW }, paging);
    expect(page.items[0]).toMatchObject({ subject: 'second', acknowledgedBy: 7, end: NOW - 50 });
    expect(await subjects({ end: NOW, open: true })).toEqual(['first']);
    other.prepare('DELETE FROM alert_histories WHERE id = ?').run(id);
    expect(await subjects({ end: NOW })).toEqual(['first']);
    expect(await subjects({ end: NOW }, b)).toEqual(['other account']);
  });

  it('shows a history whose start the window reaches later, without any write', async () => {
    insert(other, a, NOW + 120, 'later'); // stored ahead of the window (an external alert's startsAt, a clock ahead)
    expect(await subjects({ end: NOW })).toEqual(['first']);
    expect(await subjects({ end: NOW + 119 })).toEqual(['first']);
    expect(await subjects({ end: NOW + 120 })).toEqual(['later', 'first']);
    expect(await subjects({ end: NOW + 60 })).toEqual(['first']);
    // A lower bound moves the same way.
    expect(await subjects({ start: NOW - 700, end: NOW + 200 })).toEqual(['later', 'first']);
    expect(await subjects({ start: NOW - 600, end: NOW + 200 })).toEqual(['later', 'first']);
    expect(await subjects({ start: NOW - 599, end: NOW + 200 })).toEqual(['later']);
    expect(await subjects({ start: NOW + 121, end: NOW + 200 })).toEqual([]);
  });

  it('keeps nothing read inside a transaction: a rolled-back history is never answered later', async () => {
    const before = await subjects({ end: NOW + 1000 });
    let inside: string[] = [];
    try {
      store.db.transaction(() => {
        store.db.prepare('INSERT INTO alert_histories (account_id, alert_id, start, "end", subject) VALUES (?, 1, ?, NULL, ?)').run(a, NOW + 500, 'rolled back');
        // The list's read is synchronous on SQLite: its promise settles with what the transaction sees.
        void store.alertHistories.list(a, { end: NOW + 1000 }, paging).then((p) => (inside = p.items.map((h) => h.subject)));
        throw new Error('roll back');
      })();
    } catch {
      // rolled back
    }
    await Promise.resolve();
    expect(inside).toContain('rolled back');
    expect(await subjects({ end: NOW + 1000 })).toEqual(before);
  });
});
