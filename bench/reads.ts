// Read figures on one store: one server with 24 h of minutes (HTTP backfill), 30 days of hours and a
// year of days (rollup rows written directly), the latest point of every server, a 2,500-item page.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { addServerSample, averagesJson, emptyServerSums, type ServerSums } from '../src/server/store/common/telemetry/rollup';
import { putServerRollup } from '../src/server/store/sqlite/telemetry/sample-sink';
import { batch, serverSample } from './fleet';
import type { Figure } from './report';
import { pool, type BenchService } from './service';

type Rollup = { step: number; time: number; sums: ServerSums };

/** Writes server rollup rows of one server straight into a store. */
export type PutRollups = (accountIdOf: number, serverId: number, rows: Rollup[]) => Promise<void>;

export const sqliteRollups = (dir: string): PutRollups => async (_a, serverId, rows) => {
  const db = new Database(join(dir, 'bench.sqlite'));
  db.pragma('busy_timeout = 5000');
  const accountId = (db.prepare('SELECT account_id FROM servers WHERE id = ?').get(serverId) as { account_id: number }).account_id;
  db.transaction(() => rows.forEach((r) => putServerRollup(db, accountId, serverId, r.step, r.time, r.sums)))();
  db.close();
};

export const pgRollups = (url: string): PutRollups => async (_a, serverId, rows) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const accountId = (await c.query<{ account_id: string }>('SELECT account_id FROM servers WHERE id = $1', [serverId])).rows[0]!.account_id;
    for (const step of [3600, 86400]) {
      const of = rows.filter((r) => r.step === step);
      await c.query(
        `INSERT INTO tm_server_rollups_${step === 3600 ? 'hour' : 'day'} (account_id, server_id, time, sums, data)
         SELECT $1, $2, u.time, u.sums, u.data FROM unnest($3::bigint[], $4::text[], $5::text[]) AS u(time, sums, data)
         ON CONFLICT (account_id, server_id, time) DO UPDATE SET sums = excluded.sums, data = excluded.data`,
        [accountId, serverId, of.map((r) => r.time), of.map((r) => JSON.stringify(r.sums)), of.map((r) => averagesJson(r.sums))],
      );
    }
  } finally {
    await c.end();
  }
};

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(2)} ms`;

/** Prints the read figures of the store behind `svc` (targets: the goals for PostgreSQL, SQLite's own). */
export async function reads(svc: BenchService, store: string, servers: number, now: number, putRollups: PutRollups, pgTargets: boolean, fig: Figure) {
  const hist = await svc.register('history');
  const mins = Array.from({ length: 1440 }, (_, k) => now - k * 60);
  await pool(mins, (m) => svc.call('POST', '/api/v5/collector/batches', JSON.stringify(batch('history', 0, m, 10))));
  const rows: Rollup[] = [];
  for (const [step, n] of [[3600, 720], [86400, 365]] as const) {
    for (let k = 0; k < n; k++) {
      const t = Math.floor(now / step) * step - k * step;
      const sums = emptyServerSums();
      for (let j = 0; j < 3; j++) addServerSample(sums, serverSample(j, t));
      rows.push({ step, time: t, sums });
    }
  }
  await putRollups(0, hist, rows);
  const pageServer = await svc.register('page');
  for (let k = 0; k < 13; k++) await svc.call('POST', '/api/v5/collector/batches', JSON.stringify(batch('page', 0, now - k * 60, 200)));
  // The 1,453 batches just posted are a day's work for the alert engine, queued in a few seconds; the
  // reads are measured once it has evaluated them, not while it shares the cores (on PostgreSQL it
  // takes several seconds, during which a read cost up to twice as much).
  await svc.lag();

  // Server time is wall clock (Server-Timing), which a loaded machine inflates; the service's CPU per
  // request over the whole series is printed beside it.
  async function measure(label: string, path: string, times: number, target: string) {
    const server: number[] = [];
    const client: number[] = [];
    let size = 0;
    const c0 = svc.serviceCpu();
    for (let k = 0; k < times; k++) {
      const r = await svc.call('GET', path);
      server.push(r.server);
      client.push(r.client);
      size = (JSON.parse(r.text) as { data: unknown[] }).data.length;
    }
    const cpuEach = ((svc.serviceCpu() - c0) * 1000) / times;
    fig(`${label}, p50 server time`, ms(p50(server)), target);
    console.log(`[${store}] ${label}: p50 ${ms(p50(server))} server time, ${ms(cpuEach)} service CPU per request, ${ms(p50(client))} client (${size} items; target ${target})`);
  }
  await measure("one server's last 24 h of minutes", `/api/v5/servers/${hist}/data/?num=1440`, 200, pgTargets ? '<= 3 ms' : '<= 2 ms');
  await measure('30 days of Hour', `/api/v5/servers/${hist}/data/?time_step=Hour&num=720`, 200, '<= 2 ms');
  await measure('a year of Day', `/api/v5/servers/${hist}/data/?time_step=Day&num=365`, 200, '<= 2 ms');
  await measure(`latest point of every server (${servers + 2})`, '/api/v5/servers/latest_data/', 100, pgTargets ? '<= 15 ms' : '<= 10 ms');
  await measure('a 2,500-item page (process summaries)', `/api/v5/servers/${pageServer}/processes/data/?num=13`, 50, pgTargets ? '<= 20 ms' : '<= 15 ms');
}
