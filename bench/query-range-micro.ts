// Micro-benchmark (in process) of GET /api/v1/query_range of one labelled series over 24 h, step 60,
// as bench:peers' remote-write part reads it: a day of one server's minutes (10 processes) written by
// remote write, plus `servers` other servers' minute, then the route timed by app.inject.
// npx tsx bench/query-range-micro.ts [STORE_DIR or postgres URL]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app';
import { newEvents, systemNow } from '../src/server/deps';
import { createAccount } from '../src/server/services/accounts';
import { openPostgresStore } from '../src/server/store/postgres/open';
import { openSqliteStore } from '../src/server/store/sqlite/open';
import type { Store } from '../src/server/store/store';
import { batch } from './fleet';
import { snappy, writeRequest } from './peers/remote-write';
import { batchSamples } from './peers/samples';
import { sqliteSettings } from './serve-args';

const pgUrl = process.argv[2];
const dir = mkdtempSync(join(tmpdir(), 'qr-micro-'));
const store: Store = pgUrl ? (await openPostgresStore(pgUrl)).store : openSqliteStore(join(dir, 'bench.sqlite'), sqliteSettings());
const acc = await createAccount(store, `qr${Date.now()}@example.com`);
if (!acc.ok) throw new Error(acc.message);
const deps = { store, config: { dataDir: dir, defaultAlerts: false, remoteWrite: { maxSeriesPerAccount: 5_000_000, maxInFlight: 16 } }, now: systemNow, events: newEvents() };
const app = await buildApp(deps);
const authorization = `Basic ${Buffer.from(`${acc.email}:${acc.api_key}`).toString('base64')}`;
const headers = { authorization, 'content-type': 'application/x-protobuf', 'content-encoding': 'snappy', 'x-prometheus-remote-write-version': '0.1.0' };
const last = Number(process.env.LAST ?? Math.floor(Date.now() / 60_000) * 60 - 60);
const write = async (guid: string, i: number, minute: number, procs: number) => {
  const b = batch(guid, i, minute, procs);
  const r = await app.inject({ method: 'POST', url: '/api/v1/write', headers, payload: snappy(writeRequest(batchSamples(b), b.minute * 1000)) });
  if (r.statusCode !== 204) throw new Error(`${r.statusCode} ${r.body}`);
};
for (let k = 1439; k >= 0; k--) await write('rw-history', 0, last - k * 60, 10);
for (let i = 0; i < Number(process.env.SERVERS ?? 50); i++) await write(`rw-${i}`, i, last, 200);
const url = `/api/v1/query_range?query=${encodeURIComponent('fleet_server_cpu{server="rw-history"}')}&start=${last - 1439 * 60}&end=${last}&step=60`;
const first = await app.inject({ method: 'GET', url, headers: { authorization } });
const firstBody = first.body;
console.log('answer', first.statusCode, firstBody.length, 'bytes', firstBody.slice(0, 160));
// PARTS=1: the store's two reads alone (the series of the name, then the one series' minutes).
if (process.env.PARTS) {
  const ls = store.labelledSeries;
  const account = (await store.team.credentials(acc.email))[0]!.accountId;
  const time = async (label: string, f: () => Promise<unknown[]>) => {
    const t0 = performance.now();
    for (let i = 0; i < 200; i++) await f();
    console.log(`${label}: ${((performance.now() - t0) / 200).toFixed(3)} ms, ${(await f()).length} rows`);
  };
  const since = last - 1440 * 60;
  const id = (await ls.find(account, 'fleet_server_cpu', since)).find((s) => s.labels.server === 'rw-history')!.id;
  await time('find fleet_server_cpu', () => ls.find(account, 'fleet_server_cpu', since));
  await time('points of one series, 1440 minutes', () => ls.points(account, [id], since * 1000, last * 1000));
}
const n = Number(process.env.N ?? 300);
// PROFILE=file.cpuprofile: a CPU profile of the timed requests only.
const { Session } = await import('node:inspector/promises');
const session = new Session();
if (process.env.PROFILE) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const times: number[] = [];
const cpu0 = process.cpuUsage();
for (let i = 0; i < n; i++) {
  const t0 = performance.now();
  const r = await app.inject({ method: 'GET', url, headers: { authorization } });
  times.push(performance.now() - t0);
  if (r.body !== firstBody) throw new Error('answer changed');
}
const cpu = process.cpuUsage(cpu0);
if (process.env.PROFILE) {
  const { profile } = await session.post('Profiler.stop');
  (await import('node:fs')).writeFileSync(process.env.PROFILE, JSON.stringify(profile));
}
times.sort((a, b) => a - b);
console.log(`query_range p50 ${times[n >> 1]!.toFixed(2)} ms, p90 ${times[Math.floor(n * 0.9)]!.toFixed(2)} ms, CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(2)} ms/request`);
if (process.env.DUMP) (await import('node:fs')).writeFileSync(process.env.DUMP, firstBody);
await app.close();
await store.close();
rmSync(dir, { recursive: true, force: true });
