import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoFleet } from '../demo/fleet-runner';
import { openDb } from '../store/sqlite/db';
import { createEmptyDatabase } from '../store/test-store';
import { registrationFor } from '../testing/ingest';
import { callService, startServiceProcess, type ServiceProcess } from '../testing/service-process';
import { accountIn, runCli } from '../testing/store-cli';
import { until } from '../testing/until';

// `npm run migrate-store`: a SQLite store fed by the demo fleet into empty PostgreSQL databases; a
// service on each store answers the same JSON. The demo's 7 days on its first server (web-01: minutes,
// hour and day rollups, processes, logs, transactions), then its whole fleet for the last FLEET_DAYS
// (25 servers, their alerts, incidents and applications); 7 days of all 25 would take half an hour here.
const DAYS = 7;
const FLEET_DAYS = 0.05;
const dataDir = mkdtempSync(join(tmpdir(), 'fw-migrate-'));
const procs: ServiceProcess[] = [];
const dbs: { url: string; drop(): Promise<void> }[] = [];
let auth = '';
let otherAuth = '';
/** The minute the backfill reached: the end of the time window the data endpoints are asked for. */
let end = 0;

interface Report {
  ok: boolean;
  resumed: boolean;
  copied: number;
  ms: number;
  tables: { table: string; sourceRows: number; targetRows: number; sourceChecksum: string; targetChecksum: string; ok: boolean }[];
}
const migrate = (url: string, extra: string[] = [], started?: (c: ChildProcess) => void) =>
  runCli('migrate-store', ['--from', dataDir, '--to', url, '--json', ...extra], {}, started);

async function service(env: Record<string, string>): Promise<ServiceProcess> {
  const p = await startServiceProcess({ DEFAULT_ALERTS: '0', ...env });
  procs.push(p);
  return p;
}

beforeAll(async () => {
  const owner = accountIn({ DATA_DIR: dataDir }, 'fleet@example.com');
  auth = owner.auth;
  otherAuth = accountIn({ DATA_DIR: dataDir }, 'other@example.com').auth;
  const svc = await service({ DATA_DIR: dataDir });
  // web-01 first: the whole fleet's backfill then starts each server after its latest stored minute.
  for (const [servers, days] of [[1, DAYS], [undefined, FLEET_DAYS]] as const) {
    const fleet = startDemoFleet({ baseUrl: svc.base, email: owner.email, key: owner.key, servers, days, follow: false });
    await fleet.backfillDone;
    await fleet.stop();
  }
  end = Math.floor(Date.now() / 60_000) * 60;
  const api = (method: string, path: string, body?: unknown) => callService(svc.base, auth, method, path, body);
  const user = await api('POST', '/api/v5/users/', { first_name: 'Grace', last_name: 'Move', email: 'grace@example.com', country_code: 1, phone_number: 5550101, role: 2 });
  expect(user.status).toBe(201);
  expect((await callService(svc.base, otherAuth, 'POST', '/api/v5/collector/register', registrationFor('other-1'))).status).toBeLessThan(300);
  await svc.crash();
}, 600_000);
afterAll(async () => {
  for (const p of procs) await p.crash();
  for (const d of dbs) await d.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** GET paths to compare: the lists, then details and sub-resources of the items they name. */
async function pathsOf(base: string): Promise<string[]> {
  const get = async (p: string) => (await callService(base, auth, 'GET', p)).body;
  const ids = async (p: string, n = 3): Promise<(number | string)[]> => ((await get(p))?.data ?? []).slice(0, n).map((x: { id: number }) => x.id);
  const window = `start=${end - DAYS * 86400 - 3600}&end=${end}`;
  const paths = ['/api/v5/me/', '/api/v5/users/', '/api/v5/servers/', '/api/v5/servers/latest_data/', '/api/v5/server_tags/', '/api/v5/server_sets/',
    '/api/v5/alerts/', '/api/v5/alert_histories/', '/api/v5/logs/', '/api/v5/applications/', '/api/v5/buckets/', '/api/v5/maintenance_windows/',
    '/api/v5/silences/', '/api/v5/schedules/', '/api/v5/channels/', '/api/v5/escalation_policies/', '/api/v5/notification_settings/',
    '/api/v5/notifications/', '/api/v5/audit/', '/api/v5/ingest_tokens/', '/api/v5/scrape_targets/', '/api/v5/external_alerts/',
    `/api/v5/transactions/?${window}`, `/api/v5/transactions/logs/`, '/api/v5/application_topology/'];
  for (const id of await ids('/api/v5/servers/')) {
    paths.push(`/api/v5/servers/${id}/`, `/api/v5/servers/${id}/tags/`, `/api/v5/servers/${id}/data/?${window}`, `/api/v5/servers/${id}/data/?${window}&time_step=Hour`,
      `/api/v5/servers/${id}/data/?${window}&time_step=Day`,
      `/api/v5/servers/${id}/processes/?${window}`, `/api/v5/servers/${id}/processes/data/?${window}`, `/api/v5/servers/${id}/changes/?time=${end - 600}`,
      `/api/v5/servers/${id}/polled_data_config/`);
    const procsOf = (await get(`/api/v5/servers/${id}/processes/?${window}`))?.data ?? [];
    for (const p of procsOf.slice(0, 2)) if (p.uid) paths.push(`/api/v5/processes/${p.uid}/data/?${window}`, `/api/v5/processes/${p.uid}/detail/`);
  }
  for (const id of await ids('/api/v5/alerts/')) paths.push(`/api/v5/alerts/${id}/`, `/api/v5/alerts/${id}/deliveries/`);
  for (const id of await ids('/api/v5/alert_histories/')) paths.push(`/api/v5/alert_histories/${id}/`, `/api/v5/alert_histories/${id}/timeline/`);
  for (const id of await ids('/api/v5/logs/')) paths.push(`/api/v5/logs/${id}/`, `/api/v5/logs/${id}/data/?${window}`, `/api/v5/logs/${id}/detail/?${window}`);
  for (const id of await ids('/api/v5/applications/')) paths.push(`/api/v5/applications/${id}/`, `/api/v5/applications/${id}/data/?${window}`);
  for (const id of await ids('/api/v5/server_tags/')) paths.push(`/api/v5/server_tags/${id}/`, `/api/v5/server_tags/${id}/servers/`);
  for (const id of await ids('/api/v5/server_sets/')) paths.push(`/api/v5/server_sets/${id}/`, `/api/v5/server_sets/${id}/servers/`);
  for (const id of await ids('/api/v5/buckets/')) paths.push(`/api/v5/buckets/${id}/`, `/api/v5/buckets/${id}/data/?${window}`);
  for (const id of await ids('/api/v5/maintenance_windows/')) paths.push(`/api/v5/maintenance_windows/${id}/`);
  for (const id of await ids('/api/v5/users/')) paths.push(`/api/v5/users/${id}/`);
  return paths;
}

async function answers(base: string, paths: string[], as = auth): Promise<Record<string, { status: number; body: unknown }>> {
  const out: Record<string, { status: number; body: unknown }> = {};
  for (const p of paths) out[p] = await callService(base, as, 'GET', p);
  return out;
}

const progressRows = async (url: string): Promise<number> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ n: string | null }>("SELECT sum(rows) AS n FROM store_migration WHERE to_regclass('store_migration') IS NOT NULL");
    return Number(r.rows[0]?.n ?? 0);
  } catch {
    return 0;
  } finally {
    await c.end();
  }
};

describe('migrate-store: SQLite to PostgreSQL', () => {
  let full: Report;

  it('copies every table with equal counts and checksums, and the service on PostgreSQL answers as on SQLite', async () => {
    const db = await createEmptyDatabase('fw_mig');
    dbs.push(db);
    const r = await migrate(db.url);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    full = JSON.parse(r.stdout) as Report;
    expect(full.ok).toBe(true);
    expect(full.tables.filter((t) => !t.ok)).toEqual([]);
    const rows = Object.fromEntries(full.tables.map((t) => [t.table, t.targetRows]));
    for (const t of ['accounts', 'users', 'servers', 'alerts', 'tm_server_minutes', 'tm_process_minutes', 'log_messages', 'tm_server_rollups_hour', 'tm_server_rollups_day']) expect(rows[t], t).toBeGreaterThan(0);
    // web-01's 7 days of minutes came across (one per minute, give or take the minute being written).
    expect(rows.tm_server_minutes).toBeGreaterThan(DAYS * 1440);
    console.log(`migrated ${full.copied} rows in ${full.ms} ms: ${Math.round((full.copied / full.ms) * 1000)} rows/s`);

    // Run again on the finished database: nothing to copy, verified again.
    const again = await migrate(db.url);
    expect(again.status).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ ok: true, resumed: true, copied: 0 });
    // A database with data of its own is refused, and left as it was.
    const busy = await createEmptyDatabase('fw_mig_busy');
    dbs.push(busy);
    accountIn({ DATA_DIR: dataDir, DATABASE_URL: busy.url }, 'pg-only@example.com');
    const refused = await migrate(busy.url);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/the database is not empty \(accounts.*\): migrate-store copies into an empty database only/);
    expect(await progressRows(busy.url)).toBe(0);

    const [onSqlite, onPg] = await Promise.all([service({ DATA_DIR: dataDir }), service({ DATA_DIR: dataDir, DATABASE_URL: db.url })]);
    const paths = await pathsOf(onSqlite.base);
    const [a, b] = await Promise.all([answers(onSqlite.base, paths), answers(onPg.base, paths)]);
    expect(paths.filter((p) => a[p]!.status !== 200).map((p) => `${p} ${a[p]!.status} ${JSON.stringify(a[p]!.body).slice(0, 200)}`)).toEqual([]);
    for (const p of paths) expect(b[p], p).toEqual(a[p]);
    expect(await answers(onPg.base, ['/api/v5/servers/'], otherAuth)).toEqual(await answers(onSqlite.base, ['/api/v5/servers/'], otherAuth));
    // New rows get ids past the copied ones.
    const made = await callService(onPg.base, auth, 'POST', '/api/v5/users/', { first_name: 'New', last_name: 'Here', email: 'new@example.com', country_code: 1, phone_number: 5550102, role: 3 });
    expect(made.status).toBe(201);
    const copiedUsers = (a['/api/v5/users/']!.body as { data: { id: number }[] }).data.map((u) => u.id);
    expect(made.body.id).toBeGreaterThan(Math.max(...copiedUsers));
    await Promise.all([onSqlite.crash(), onPg.crash()]);
  }, 600_000);

  it('resumes after a SIGKILL mid-copy; meanwhile the service refuses the half-migrated database', async () => {
    for (const p of procs) await p.crash(); // the source stays still while it is copied
    const db = await createEmptyDatabase('fw_mig_kill');
    dbs.push(db);
    let child: ChildProcess | undefined;
    const killed = migrate(db.url, ['--batch', '200'], (c) => (child = c));
    const total = full.tables.reduce((n, t) => n + t.sourceRows, 0);
    await until(async () => (await progressRows(db.url)) > total / 4, { ms: 120_000, what: 'a quarter of the rows copied' });
    child!.kill('SIGKILL');
    const first = await killed;
    expect(first.signal).toBe('SIGKILL');
    const partial = await progressRows(db.url);
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(total);

    await expect(startServiceProcess({ DATA_DIR: dataDir, DATABASE_URL: db.url })).rejects.toThrow(/half-way through a migration from SQLite.*npm run migrate-store/s);

    const second = await migrate(db.url, ['--batch', '200']);
    expect(second.stderr).toBe('');
    const r = JSON.parse(second.stdout) as Report;
    expect(r.tables.filter((t) => !t.ok || t.targetRows !== t.sourceRows)).toEqual([]);
    expect(r).toMatchObject({ ok: true, resumed: true });
    expect(second.status).toBe(0);
    // Each row copied once: the rows of the first run plus those of the second are the source's.
    expect(partial + r.copied).toBe(r.tables.reduce((n, t) => n + t.sourceRows, 0));
    const onPg = await service({ DATA_DIR: dataDir, DATABASE_URL: db.url });
    expect((await callService(onPg.base, auth, 'GET', '/api/v5/servers/')).body.pagination.count).toBe(full.tables.find((t) => t.table === 'servers')!.sourceRows - 1);
  }, 600_000);

  it('fails loudly, before copying anything, on a table or column without a counterpart', async () => {
    const odd = mkdtempSync(join(tmpdir(), 'fw-migrate-odd-'));
    try {
      const db = openDb(join(odd, 'monitoring.sqlite'));
      db.exec('CREATE TABLE widgets (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL); ALTER TABLE servers ADD COLUMN colour TEXT');
      db.close();
      const target = await createEmptyDatabase('fw_mig_odd');
      dbs.push(target);
      const r = await runCli('migrate-store', ['--from', odd, '--to', target.url], {});
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/the two schemas do not match, nothing copied/);
      expect(r.stderr).toMatch(/SQLite table widgets has no counterpart in PostgreSQL/);
      expect(r.stderr).toMatch(/SQLite column servers\.colour has no counterpart in PostgreSQL table servers/);
      expect(await progressRows(target.url)).toBe(0);
    } finally {
      rmSync(odd, { recursive: true, force: true });
    }
  });
});
