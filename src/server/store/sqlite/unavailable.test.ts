import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { newEvents, systemNow } from '../../deps';
import { createAccount } from '../../services/accounts';
import { basicHeader } from '../../testing/harness';
import { openSqliteStore } from './open';

// A SQLite store that cannot serve for a while (another process holding the write lock past
// busy_timeout, a full disk) is answered 503 with Retry-After in the error shape, never a 500, stores
// nothing of the refused request, and serves again once the cause is gone.
const dir = mkdtempSync(join(tmpdir(), 'fw-unavailable-'));
const file = join(dir, 'store.sqlite');
let store: ReturnType<typeof openSqliteStore>;
let app: FastifyInstance;
let auth = '';

beforeAll(async () => {
  store = openSqliteStore(file);
  const acc = await createAccount(store, 'unavailable@example.com');
  if (!acc.ok) throw new Error(acc.message);
  auth = basicHeader({ email: acc.email, key: acc.api_key });
  app = await buildApp({ store, config: { dataDir: dir, defaultAlerts: false }, now: systemNow, events: newEvents() });
});
afterAll(async () => {
  await app.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const addTag = (name: string) =>
  app.inject({ method: 'POST', url: '/api/v5/server_tags/', headers: { authorization: auth, 'content-type': 'application/json' }, payload: { name, servers: [] } });
const tagNames = async () =>
  (JSON.parse((await app.inject({ method: 'GET', url: '/api/v5/server_tags/', headers: { authorization: auth } })).body) as { data: { name: string }[] }).data.map((t) => t.name);

function expectUnavailable(r: Awaited<ReturnType<typeof addTag>>, reason: string) {
  expect(r.statusCode).toBe(503);
  expect(r.headers['retry-after']).toBe('5');
  expect(JSON.parse(r.body)).toEqual({ error: expect.objectContaining({ message: `the service cannot use its database (${reason}); retry shortly` }) });
}

describe('SQLite store unavailable', () => {
  it('answers 503 while another process holds the write lock past busy_timeout, then serves again', { timeout: 20_000 }, async () => {
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    try {
      expectUnavailable(await addTag('while-locked'), 'its file is locked by another process');
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect((await addTag('after-lock')).statusCode).toBe(201);
    expect(await tagNames()).toEqual(['after-lock']);
  });

  it('answers 503 once the disk is full, storing nothing of that request, then serves again', async () => {
    // The file may not grow: the first write that needs a new page fails with SQLITE_FULL, as on a full disk.
    store.db.pragma('incremental_vacuum');
    const pages = store.db.pragma('page_count', { simple: true }) as number;
    store.db.pragma(`max_page_count = ${pages}`);
    let refused: { name: string; r: Awaited<ReturnType<typeof addTag>> } | undefined;
    try {
      for (let i = 0; i < 5000 && !refused; i++) {
        const name = `fill-${i}`;
        const r = await addTag(name);
        if (r.statusCode !== 201) refused = { name, r };
      }
    } finally {
      store.db.pragma(`max_page_count = ${pages * 1000}`);
    }
    expect(refused, 'a write past the last page').toBeDefined();
    expectUnavailable(refused!.r, 'the disk is full');
    expect(await tagNames()).not.toContain(refused!.name);
    expect((await addTag(refused!.name)).statusCode).toBe(201);
    expect(await tagNames()).toContain(refused!.name);
  });
});
