import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchFor, registrationFor } from '../../testing/ingest';
import { callService, createAccountIn, startServiceProcess, type ServiceProcess } from '../../testing/service-process';
import { runCli as cli } from '../../testing/store-cli';
import { until } from '../../testing/until';

// `npm run backup` while a service process ingests batches without pause, `npm run restore` into a new
// data directory, and a service on the restored store answering with what the backup counted.
const root = mkdtempSync(join(tmpdir(), 'fw-backup-'));
const live = join(root, 'live');
const restored = join(root, 'restored');
const file = join(root, 'backup.sqlite');
const procs: ServiceProcess[] = [];
let auth = '';
let otherAuth = '';

beforeAll(async () => {
  auth = createAccountIn({ DATA_DIR: live }, 'backup@example.com');
  otherAuth = createAccountIn({ DATA_DIR: live }, 'other@example.com');
  procs.push(await startServiceProcess({ DATA_DIR: live, DEFAULT_ALERTS: '0' }));
}, 60_000);
afterAll(async () => {
  for (const p of procs) await p.crash();
  rmSync(root, { recursive: true, force: true });
});

describe('backup and restore of the SQLite store', () => {
  it('backs up a store under continuous ingest, restores it into an empty directory and serves the same data', async () => {
    const svc = procs[0]!;
    const api = (method: string, path: string, body?: unknown) => callService(svc.base, auth, method, path, body);
    const server = (await api('POST', '/api/v5/collector/register', registrationFor('bk-1'))).body.server_id as number;
    expect((await callService(svc.base, otherAuth, 'POST', '/api/v5/collector/register', registrationFor('bk-other'))).status).toBe(201);
    const user = await api('POST', '/api/v5/users/', { first_name: 'Ada', last_name: 'Backup', email: 'ada@example.com', country_code: 1, phone_number: 5550100, role: 3 });
    expect(user.status).toBe(201);
    const alert = await api('POST', '/api/v5/alerts/', { name: 'cpu bk', type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 90, time_above_threshold: 1, users: [user.body.id] });
    expect(alert.status).toBe(201);

    // Ingest without pause: one batch after the other, each for the next minute.
    const base = Math.floor(Date.now() / 60_000) * 60 - 24 * 3600;
    let sent = 0;
    let stop = false;
    const ingest = (async () => {
      while (!stop) {
        const r = await api('POST', '/api/v5/collector/batches', batchFor('bk-1', base + sent * 60, { server: { cpu: sent % 100, memory: 1000 } }));
        expect(r.status).toBe(201);
        sent++;
      }
    })();
    await until(() => sent >= 20, 20_000);
    const backup = await cli('backup', ['--to', file, '--json'], { DATA_DIR: live });
    const atBackupEnd = sent;
    await until(() => sent >= atBackupEnd + 10, 20_000); // still ingesting after the backup
    stop = true;
    await ingest;
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    const report = JSON.parse(backup.stdout) as { counts: Record<string, number> };
    const minutes = report.counts.tm_server_minutes!;
    expect(minutes).toBeGreaterThanOrEqual(20);
    expect(minutes).toBeLessThanOrEqual(atBackupEnd);
    expect(report.counts.accounts).toBe(2);

    // A restore refuses a directory with anything in it, and changes nothing there.
    mkdirSync(join(root, 'busy'));
    writeFileSync(join(root, 'busy', 'keep.txt'), 'x');
    const refused = await cli('restore', ['--from', file], { DATA_DIR: join(root, 'busy') });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/is not empty: a restore goes into an empty data directory/);

    const restore = await cli('restore', ['--from', file, '--json'], { DATA_DIR: restored });
    expect(restore.status).toBe(0);
    const check = JSON.parse(restore.stdout) as { ok: boolean; integrity: string; counts: Record<string, number>; differences: string[] };
    expect(check).toMatchObject({ ok: true, integrity: 'ok', differences: [] });
    expect(check.counts).toEqual(report.counts);

    const back = await startServiceProcess({ DATA_DIR: restored, DEFAULT_ALERTS: '0' });
    procs.push(back);
    const get = async (path: string, as = auth) => (await callService(back.base, as, 'GET', path)).body;
    expect((await get('/api/v5/servers/')).data.map((s: { id: number }) => s.id)).toEqual([server]);
    expect((await get('/api/v5/servers/', otherAuth)).data.map((s: { hostname: string }) => s.hostname)).toEqual(['host-bk-other']);
    expect((await get('/api/v5/alerts/')).data.map((a: { id: number; name: string }) => [a.id, a.name])).toEqual([[alert.body.id, 'cpu bk']]);
    expect((await get('/api/v5/users/')).data.map((u: { email: string }) => u.email).sort()).toEqual(['ada@example.com', 'backup@example.com']);
    const usersBefore = (await callService(svc.base, auth, 'GET', '/api/v5/users/')).body;
    expect(await get('/api/v5/users/')).toEqual(usersBefore);
  }, 120_000);
});
