// npm run bench: telemetry ingest (with the alert engine's queue and evaluation), the evaluation lag,
// and read figures (printed, never asserted). BENCH_MINUTES sets the
// fleet minutes ingested (default 3); BENCH_SERVERS the fleet size (default 1000); BENCH_READS=0 skips reads.
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { addServerSample, emptyServerSums } from '../src/server/store/sqlite/telemetry/rollup';
import { putServerRollup } from '../src/server/store/sqlite/telemetry/sample-sink';
import { batch, serverSample } from './fleet';
import { openUploader } from './uploader';

const SERVERS = Number(process.env.BENCH_SERVERS ?? 1000);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 3);
const PROCS = 200;
const CONCURRENCY = 16;

const dir = mkdtempSync(join(tmpdir(), 'bench-'));
// BENCH_PROFILE=<dir> writes a V8 CPU profile of the service there.
const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
const child = fork(join(import.meta.dirname, 'serve.ts'), [dir], { execArgv: ['--import', 'tsx', ...profile], stdio: 'inherit' });
const info = await new Promise<{ address: string; email: string; key: string }>((res) => child.once('message', (m) => res(m as never)));
const auth = `Basic ${Buffer.from(`${info.email}:${info.key}`).toString('base64')}`;

// Keep-alive connections, one per upload in flight, and pre-encoded bodies: the load generator should
// cost the machine as little as possible so the wall clock measures the service. Batches go through
// the hand-written uploader; registrations and reads through node:http.
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const base = new URL(info.address);
const uploader = await openUploader(base, '/api/v5/collector/batches', auth, CONCURRENCY);

function call(method: string, path: string, body?: string | Buffer) {
  const t0 = performance.now();
  const headers: Record<string, string | number> = { authorization: auth };
  if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  return new Promise<{ text: string; client: number; server: number }>((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const client = performance.now() - t0;
        if ((res.statusCode ?? 500) >= 300) return reject(new Error(`${method} ${path}: ${res.statusCode} ${text.slice(0, 200)}`));
        const timing = /dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''));
        resolve({ text, client, server: timing ? Number(timing[1]) : NaN });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function pool<T>(items: T[], fn: (t: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => { while (next < items.length) await fn(items[next++]!); }));
}

/** CPU seconds used so far by the service process (utime + stime from /proc). */
function serviceCpu(): number {
  const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(2)} ms`;

async function register(guid: string): Promise<number> {
  const body = JSON.stringify({ guid, hostname: guid, os: 'Linux' });
  return (JSON.parse((await call('POST', '/api/v5/collector/register', body)).text) as { server_id: number }).server_id;
}

console.log(`telemetry bench: ${SERVERS} servers x ${PROCS} processes, ${MINUTES} fleet minutes, ${CONCURRENCY} uploads in flight`);
const guids = Array.from({ length: SERVERS }, (_, i) => `fleet-${i}`);
await pool(guids, register);
const now = Math.floor(Date.now() / 60_000) * 60;
const first = now - 3 * 86400; // older than anything else the bench writes

// 1. Ingest over HTTP (the service in its own process) and 2. raw SQLite appends of the same rows (one
// transaction per batch, as ingest does; same WAL and synchronous=NORMAL durability, same page cache),
// alternating minute by minute so both see the same load from whatever else runs on the machine.
const raw = new Database(join(dir, 'raw.sqlite'));
raw.pragma('journal_mode = WAL');
raw.pragma('synchronous = NORMAL');
raw.pragma('cache_size = -65536');
raw.exec(`CREATE TABLE s (account_id, server_id, time, cpu, memory, parts TEXT);
  CREATE TABLE p (account_id, server_id, time, pid, create_time, name, args, cpu, memory, page_faults, thread_num, socket_read,
    socket_write, socket_num, file_read, file_write, file_num, registry_num, critical_log, total_log, avg_response_time, response_num, flags)`);
const insS = raw.prepare('INSERT INTO s VALUES (?, ?, ?, ?, ?, ?)');
const insP = raw.prepare(`INSERT INTO p VALUES (${new Array(23).fill('?').join(', ')})`);
const rawBatch = raw.transaction((b: ReturnType<typeof batch>, sid: number) => {
  const { cpu: c, memory, ...parts } = b.server;
  insS.run(1, sid, b.minute, c, memory, JSON.stringify(parts));
  for (const q of b.processes) {
    insP.run(1, sid, b.minute, q.pid, q.create_time, q.name, q.args, q.cpu, q.memory, q.page_faults, q.thread_num, q.socket_read,
      q.socket_write, q.socket_num, q.file_read, q.file_write, q.file_num, q.registry_num, q.critical_log, q.total_log,
      q.avg_response_time, q.response_num, q.flags);
  }
});

let httpMs = 0;
let rawMs = 0;
const minuteRatios: string[] = [];
let cpu = 0;
let genCpu = 0;
const load0 = loadavg()[0]!;
for (let m = 0; m < MINUTES; m++) {
  const minute = first + m * 60;
  const batches = guids.map((g, i) => batch(g, i, minute, PROCS));
  const bodies = batches.map((b) => Buffer.from(JSON.stringify(b)));
  const c0 = serviceCpu();
  const g0 = process.cpuUsage();
  let t0 = performance.now();
  await uploader.postAll(bodies);
  const minuteHttp = performance.now() - t0;
  httpMs += minuteHttp;
  cpu += serviceCpu() - c0;
  const g = process.cpuUsage(g0);
  genCpu += (g.user + g.system) / 1e6;
  t0 = performance.now();
  batches.forEach((b, i) => rawBatch(b, i + 1));
  const minuteRaw = performance.now() - t0;
  rawMs += minuteRaw;
  minuteRatios.push((minuteRaw / minuteHttp).toFixed(2));
}
raw.close();
const rows = MINUTES * SERVERS * (1 + PROCS);
const httpRate = rows / (httpMs / 1000);
const rawRate = rows / (rawMs / 1000);
const cpuPerMinute = cpu / MINUTES;
console.log(`machine load average: ${load0.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} after ingest (2 cores)`);
console.log(`ingest over HTTP: ${Math.round(httpRate).toLocaleString()} rows/s (${ms(httpMs / MINUTES / SERVERS)} per batch of ${PROCS + 1} rows)`);
console.log(`raw SQLite appends of the same rows: ${Math.round(rawRate).toLocaleString()} rows/s`);
console.log(`ratio HTTP ingest / raw SQLite (wall clock, load generator on the same cores): ${(httpRate / rawRate).toFixed(2)}x (target >= 0.25x); by fleet minute ${minuteRatios.join(', ')}`);
console.log(`ratio by service capacity (rows per service CPU second ${Math.round(rows / cpu).toLocaleString()} / raw): ${(rows / cpu / rawRate).toFixed(2)}x`);
console.log(`load generator CPU: ${(genCpu / MINUTES).toFixed(2)} s per fleet minute`);
const lag = await new Promise<{ n: number; p50: number; p99: number; max: number }>((res) => {
  child.once('message', (m) => res(m as never));
  child.send('lag');
});
console.log(`alert evaluation lag, batch acknowledged -> its evaluation committed (4 default alerts per server, queue included): p50 ${lag.p50.toFixed(0)} ms, p99 ${lag.p99.toFixed(0)} ms, max ${lag.max.toFixed(0)} ms over ${lag.n} batches`);

// 1b. The once-an-hour cost: process rollups are written when a server's hour closes (computed from its
// minutes), not rewritten every minute. Measured on CLOSE servers with full hours of 200 processes, then
// spread over the fleet's 60 minutes.
const CLOSE = 30;
const closeGuids = Array.from({ length: CLOSE }, (_, i) => `close-${i}`);
await pool(closeGuids, register);
const hour0 = Math.floor((first - 86400) / 3600) * 3600;
const minuteCpu = async (minute: number) => {
  const bodies = closeGuids.map((g, i) => Buffer.from(JSON.stringify(batch(g, i, minute, PROCS))));
  const c0 = serviceCpu();
  await uploader.postAll(bodies);
  return serviceCpu() - c0;
};
let plain = 0;
for (let k = 0; k < 60; k++) {
  const c = await minuteCpu(hour0 + k * 60);
  if (k >= 50) plain += c / 10;
}
const closeExtra = Math.max(0, (await minuteCpu(hour0 + 3600)) - plain) / CLOSE; // CPU s per server per hour
const amortized = (closeExtra * SERVERS) / 60;
const sustained = cpuPerMinute + amortized;
console.log(`hour close: ${(closeExtra * 1000).toFixed(1)} ms CPU per server once an hour -> ${amortized.toFixed(2)} s per fleet minute spread over the hour`);
console.log(`sustained ${SERVERS} servers x ${PROCS} processes per minute: service CPU ${sustained.toFixed(2)} s per minute (hour closes included) -> ${(100 * (1 - sustained / 60)).toFixed(1)}% of one core idle (target >= 50%)`);

if (process.env.BENCH_READS !== '0') await reads();

async function reads() {
// 3. Reads. One server with 24 h of minutes (HTTP backfill), 30 days of hours and a year of days (rollup rows written directly).
  const hist = await register('history');
  const mins = Array.from({ length: 1440 }, (_, k) => now - k * 60);
  await pool(mins, (m) => call('POST', '/api/v5/collector/batches', JSON.stringify(batch('history', 0, m, 10))));
  const db = new Database(join(dir, 'bench.sqlite'));
  db.pragma('busy_timeout = 5000');
  const accountId = (db.prepare('SELECT account_id FROM servers WHERE id = ?').get(hist) as { account_id: number }).account_id;
  db.transaction(() => {
    for (const [step, n] of [[3600, 720], [86400, 365]] as const) {
      for (let k = 0; k < n; k++) {
        const t = Math.floor(now / step) * step - k * step;
        const sums = emptyServerSums();
        for (let j = 0; j < 3; j++) addServerSample(sums, serverSample(j, t));
        putServerRollup(db, accountId, hist, step, t, sums);
      }
    }
  })();
  db.close();
  const pageServer = await register('page');
  for (let k = 0; k < 13; k++) await call('POST', '/api/v5/collector/batches', JSON.stringify(batch('page', 0, now - k * 60, PROCS)));
  
  // Server time is wall clock (Server-Timing), which a loaded machine inflates; the service's CPU per
  // request over the whole series is printed beside it.
  async function measure(label: string, path: string, times: number, target: string) {
    const server: number[] = [];
    const client: number[] = [];
    let size = 0;
    const c0 = serviceCpu();
    for (let k = 0; k < times; k++) {
      const r = await call('GET', path);
      server.push(r.server);
      client.push(r.client);
      size = (JSON.parse(r.text) as { data: unknown[] }).data.length;
    }
    const cpuEach = ((serviceCpu() - c0) * 1000) / times;
    console.log(`${label}: p50 ${ms(p50(server))} server time, ${ms(cpuEach)} service CPU per request, ${ms(p50(client))} client (${size} items; target ${target})`);
  }
  await measure("one server's last 24 h of minutes", `/api/v5/servers/${hist}/data/?num=1440`, 200, '<= 2 ms');
  await measure('30 days of Hour', `/api/v5/servers/${hist}/data/?time_step=Hour&num=720`, 200, '<= 2 ms');
  await measure('a year of Day', `/api/v5/servers/${hist}/data/?time_step=Day&num=365`, 200, '<= 2 ms');
  await measure(`latest point of every server (${SERVERS + 2})`, '/api/v5/servers/latest_data/', 100, '<= 10 ms');
  await measure('a 2,500-item page (process summaries)', `/api/v5/servers/${pageServer}/processes/data/?num=13`, 50, '<= 15 ms');
  await backtest(accountId);
}

// 4. Alert backtest: a Server CPU alert replayed over 30 days of one server's minutes (rows written directly).
async function backtest(accountId: number) {
  const server = await register('backtest');
  const db = new Database(join(dir, 'bench.sqlite'));
  db.pragma('busy_timeout = 5000');
  const ins = db.prepare('INSERT OR IGNORE INTO tm_server_minutes (account_id, server_id, time, data) VALUES (?, ?, ?, ?)');
  const days = 30;
  db.transaction(() => {
    for (let k = 0; k < days * 1440; k++) ins.run(accountId, server, now - k * 60, JSON.stringify(serverSample(0, now - k * 60)));
  })();
  db.close();
  const me = JSON.parse((await call('GET', '/api/v5/me')).text) as { id: number };
  const form = { name: 'bt', type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 95, time_above_threshold: 2, users: [me.id], start: now - days * 86400, end: now };
  const times: number[] = [];
  let answer = '';
  for (let k = 0; k < 5; k++) {
    const r = await call('POST', '/api/v5/alerts/backtest/', JSON.stringify(form));
    times.push(r.client);
    answer = r.text;
  }
  const a = JSON.parse(answer) as { incidents: unknown[]; evaluated_minutes: number };
  console.log(`alert backtest, 30 days of one server's minutes (${a.evaluated_minutes} minutes, ${a.incidents.length} incidents): p50 ${ms(p50(times))} (target <= 2000 ms)`);
}

uploader.close();
child.send('stop');
await new Promise((res) => child.once('exit', res));
rmSync(dir, { recursive: true, force: true });
