import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store';
import { openTestStoreAgain } from '../test-store';
import { startTestService, type TestService } from '../../testing/harness';
import { batchFor, postBatch, registerTestServer } from '../../testing/ingest';

// The alerts the engine reads for a server with each batch (alertsForServer) answer every change at
// once: made through this service, or through another connection to the same store (a second
// process), whatever the backend keeps between reads (SQLite keeps them under a version its triggers
// bump: schema-engine-versions.ts).
let svc: TestService;
let store: Store;
let server: number;
let owner: number;
beforeEach(async () => {
  svc = await startTestService({ defaultAlerts: false });
  store = svc.deps.store;
  server = await registerTestServer(svc, 'afs');
  owner = (await svc.request('GET', '/api/users/')).body.data[0].id;
});
afterEach(async () => svc.close());

const names = async (s = server, accountId = svc.account.id) => (await store.alertEngine.alertsForServer(accountId, s)).map((a) => a.name).sort();
const alert = async (form: Record<string, unknown>) => {
  const r = await svc.request('POST', '/api/alerts/', { form: { trigger_type: 'CPU', threshold: 90, users: [owner], ...form } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as number;
};

describe('alertsForServer', () => {
  it('answers alerts made, edited, paused and deleted, each change at once', async () => {
    expect(await names()).toEqual([]);
    const id = await alert({ name: 'cpu', type: 'Server', target_id: server });
    expect(await names()).toEqual(['cpu']);
    expect((await svc.request('PUT', `/api/alerts/${id}/`, { form: { name: 'cpu high', threshold: 95 } })).status).toBe(200);
    const [edited] = await store.alertEngine.alertsForServer(svc.account.id, server);
    expect([edited!.name, edited!.threshold]).toEqual(['cpu high', 95]);
    expect((await svc.request('PUT', `/api/alerts/${id}/`, { form: { active: false } })).status).toBe(200);
    expect(await names()).toEqual([]);
    expect((await svc.request('PUT', `/api/alerts/${id}/`, { form: { active: true } })).status).toBe(200);
    expect(await names()).toEqual(['cpu high']);
    expect((await svc.request('DELETE', `/api/alerts/${id}/`)).status).toBe(200);
    expect(await names()).toEqual([]);
  });

  it("follows the server's tags, logs and processes", async () => {
    const elsewhere = await registerTestServer(svc, 'afs-2');
    const tag = (await svc.request('POST', '/api/server_tags/', { form: { name: 'web', servers: [elsewhere] } })).body.id as number;
    await alert({ name: 'tagged', type: 'Server Tag', target_id: tag });
    expect(await names()).toEqual([]);
    expect((await svc.request('PUT', `/api/server_tags/${tag}/`, { form: { name: 'web', servers: [elsewhere, server] } })).status).toBe(200);
    expect(await names()).toEqual(['tagged']);
    const log = (await svc.request('POST', '/api/logs/', { form: { server, type: 'FILE', source: '/var/log/app.log' } })).body.id as number;
    await alert({ name: 'log', type: 'Log', target_id: log, trigger_type: 'Number of Critical', threshold: 2 });
    const minute = Math.floor(Date.now() / 60_000) * 60 - 600;
    const proc = { pid: 78, create_time: minute - 30, name: 'worker', args: 'node index.js', cpu: 1 };
    expect((await postBatch(svc, batchFor('afs', minute, { processes: [proc] }))).status).toBe(201);
    await alert({ name: 'proc', type: 'Process', target_id: `${server},78,${minute - 30},worker`, trigger_type: 'Process Termination' });
    expect(await names()).toEqual(['log', 'proc', 'tagged']);
    expect((await svc.request('PUT', `/api/server_tags/${tag}/`, { form: { name: 'web', servers: [elsewhere] } })).status).toBe(200);
    expect(await names()).toEqual(['log', 'proc']);
  });

  it('answers a change made through another connection to the same store', async () => {
    await alert({ name: 'cpu', type: 'Server', target_id: server });
    expect(await names()).toEqual(['cpu']);
    const other = await openTestStoreAgain(svc.dataDir, svc.storeEnv);
    try {
      await svc.sql.run('UPDATE alerts SET name = ? WHERE account_id = ?', 'renamed elsewhere', svc.account.id);
      expect(await names()).toEqual(['renamed elsewhere']);
      const before = await other.alertEngine.alertsForServer(svc.account.id, server);
      expect(before.map((a) => a.name)).toEqual(['renamed elsewhere']);
      expect((await svc.request('PUT', `/api/alerts/${before[0]!.id}/`, { form: { active: false } })).status).toBe(200);
      expect(await other.alertEngine.alertsForServer(svc.account.id, server)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("keeps accounts apart: another account's alerts and changes are not this server's", async () => {
    await alert({ name: 'cpu', type: 'Server', target_id: server });
    const theirs = await registerTestServer(svc, 'afs-other', svc.other);
    expect(await names(theirs, svc.other.id)).toEqual([]);
    expect(await names(server, svc.other.id)).toEqual([]);
    expect(await names()).toEqual(['cpu']);
  });

  it('answers alerts no caller can change under another', async () => {
    await alert({ name: 'cpu', type: 'Server', target_id: server });
    const [a] = await store.alertEngine.alertsForServer(svc.account.id, server);
    try {
      a!.name = 'changed by a caller';
    } catch {
      // a frozen answer refuses it
    }
    expect(await names()).toEqual(['cpu']);
  });
});
