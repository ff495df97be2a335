// npm run bench: telemetry ingest (with the alert engine's queue and evaluation), the evaluation lag,
// and read figures (printed, never asserted), on SQLite and, when BENCH_PG_URL or PG_TEST_URL names a
// PostgreSQL server (a role that may create databases; a scratch database is made and dropped), on
// PostgreSQL too. BENCH_MINUTES sets the fleet minutes ingested (default 3); BENCH_SERVERS the fleet
// size (default 1000), after a warm-up minute of other servers; BENCH_READS=0 skips reads; BENCH_STORES=sqlite or postgres runs one store.
// Ends with the summary table of docs/benchmarks.md; `npm run bench -- --write-docs` rewrites it there.
// Then the alert storm (bench/storm.ts), the load mix (bench/load.ts) and the 30-day size simulation
// (bench/size-sim.ts, also `npm run bench:size`); BENCH_ONLY=storm, load or size runs one alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { backtest, pgMinutes, sqliteMinutes, type PutMinutes } from './backtest';
import { batch, uploadBody } from './fleet';
import { pgAdminUrl, scratchDatabase } from './pg-scratch';
import { rawPgCopy, rawSqlite, type RawWriter } from './raw';
import { pgRollups, reads, sqliteRollups, type PutRollups } from './reads';
import { machine, publish, Report, type Figure } from './report';
import { CONCURRENCY, pool, startBenchService, type BenchService } from './service';
import { loadCaption, runLoad } from './load';
import { runStorm, stormCaption } from './storm';

if (process.env.BENCH_ONLY === 'storm') {
  publish(await runStorm(), stormCaption());
  process.exit(0);
}
if (process.env.BENCH_ONLY === 'load') {
  publish(await runLoad(), loadCaption());
  process.exit(0);
}
if (process.env.BENCH_ONLY === 'size') {
  await import('./size-sim');
  process.exit(0);
}

const SERVERS = Number(process.env.BENCH_SERVERS ?? 1000);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 3);
const PROCS = 200;
/** Servers of the warm-up minute (not counted): a service that runs for years runs JIT-compiled code. */
const WARM = Math.min(SERVERS, 200);

console.log(`telemetry bench: ${SERVERS} servers x ${PROCS} processes, ${MINUTES} fleet minutes, ${CONCURRENCY} uploads in flight`);
const now = Math.floor(Date.now() / 60_000) * 60;
const first = now - 3 * 86400; // older than anything else the bench writes
const ms = (x: number) => `${x.toFixed(2)} ms`;
const report = new Report('telemetry', ['SQLite', 'PostgreSQL']);

/** Ingest over HTTP against the raw writer, alternating minute by minute so both see the same load. */
async function ingest(svc: BenchService, raw: RawWriter, store: string, target: string, fig: Figure) {
  const guids = Array.from({ length: SERVERS }, (_, i) => `fleet-${i}`);
  await pool(guids, (g) => svc.register(g));
  // One warm-up minute of other servers, one minute before the counted ones, on both sides: it compiles
  // the service's hot code and the raw writer's. The counted fleet's processes are all still new in its
  // first minute, so their identities are written there as before.
  const warmGuids = Array.from({ length: WARM }, (_, i) => `warm-${i}`);
  await pool(warmGuids, (g) => svc.register(g));
  const warm = warmGuids.map((g, i) => batch(g, i, first - 60, PROCS));
  await svc.postAll(warm.map(uploadBody));
  await raw.write(warm);
  let httpMs = 0;
  let rawMs = 0;
  const minuteRatios: string[] = [];
  let cpu = 0;
  let genCpu = 0;
  const load0 = loadavg()[0]!;
  for (let m = 0; m < MINUTES; m++) {
    const minute = first + m * 60;
    const batches = guids.map((g, i) => batch(g, i, minute, PROCS));
    const bodies = batches.map(uploadBody);
    const c0 = svc.serviceCpu();
    const g0 = process.cpuUsage();
    let t0 = performance.now();
    await svc.postAll(bodies);
    const minuteHttp = performance.now() - t0;
    httpMs += minuteHttp;
    cpu += svc.serviceCpu() - c0;
    const g = process.cpuUsage(g0);
    genCpu += (g.user + g.system) / 1e6;
    t0 = performance.now();
    await raw.write(batches);
    const minuteRaw = performance.now() - t0;
    rawMs += minuteRaw;
    minuteRatios.push((minuteRaw / minuteHttp).toFixed(2));
  }
  await raw.close();
  const rows = MINUTES * SERVERS * (1 + PROCS);
  const httpRate = rows / (httpMs / 1000);
  const rawRate = rows / (rawMs / 1000);
  console.log(`[${store}] machine load average: ${load0.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} after ingest (2 cores)`);
  console.log(`[${store}] ingest over HTTP: ${Math.round(httpRate).toLocaleString()} rows/s (${ms(httpMs / MINUTES / SERVERS)} per batch of ${PROCS + 1} rows)`);
  console.log(`[${store}] ${raw.label}: ${Math.round(rawRate).toLocaleString()} rows/s`);
  console.log(`[${store}] ratio HTTP ingest / raw (wall clock, load generator on the same cores): ${(httpRate / rawRate).toFixed(2)}x (target >= ${target}); by fleet minute ${minuteRatios.join(', ')}`);
  console.log(`[${store}] ratio by service capacity (rows per service CPU second ${Math.round(rows / cpu).toLocaleString()} / raw): ${(rows / cpu / rawRate).toFixed(2)}x`);
  console.log(`[${store}] load generator CPU: ${(genCpu / MINUTES).toFixed(2)} s per fleet minute`);
  fig('ingest against the raw baseline (wall clock)', `${(httpRate / rawRate).toFixed(2)}x raw ${store === 'PostgreSQL' ? 'COPY' : 'appends'}`, `>= ${target}`);
  fig('  by fleet minute', minuteRatios.map((r) => `${r}x`).join(', '));
  fig('ingest against the raw baseline (service CPU)', `${(rows / cpu / rawRate).toFixed(2)}x`);
  report.note(`${store}: load average ${load0.toFixed(1)} at the start of ingest, ${loadavg()[0]!.toFixed(1)} after.`);
  return cpu / MINUTES;
}

/** The once-an-hour cost: process rollups are written when a server's hour closes, spread over the hour. */
async function hourClose(svc: BenchService, store: string, cpuPerMinute: number, fig: Figure) {
  const CLOSE = 30;
  const closeGuids = Array.from({ length: CLOSE }, (_, i) => `close-${i}`);
  await pool(closeGuids, (g) => svc.register(g));
  const hour0 = Math.floor((first - 86400) / 3600) * 3600;
  const minuteCpu = async (minute: number) => {
    const bodies = closeGuids.map((g, i) => uploadBody(batch(g, i, minute, PROCS)));
    const c0 = svc.serviceCpu();
    await svc.postAll(bodies);
    return svc.serviceCpu() - c0;
  };
  let plain = 0;
  for (let k = 0; k < 60; k++) {
    const c = await minuteCpu(hour0 + k * 60);
    if (k >= 50) plain += c / 10;
  }
  const closeExtra = Math.max(0, (await minuteCpu(hour0 + 3600)) - plain) / CLOSE; // CPU s per server per hour
  const amortized = (closeExtra * SERVERS) / 60;
  const sustained = cpuPerMinute + amortized;
  console.log(`[${store}] hour close: ${(closeExtra * 1000).toFixed(1)} ms CPU per server once an hour -> ${amortized.toFixed(2)} s per fleet minute spread over the hour`);
  fig('sustained fleet: one core idle (hour closes included)', `${(100 * (1 - sustained / 60)).toFixed(1)}%`, '>= 50%');
  console.log(`[${store}] sustained ${SERVERS} servers x ${PROCS} processes per minute: service CPU ${sustained.toFixed(2)} s per minute (hour closes included) -> ${(100 * (1 - sustained / 60)).toFixed(1)}% of one core idle (target >= 50%)${store === 'PostgreSQL' ? "; the service process only, the PostgreSQL server's CPU is not counted" : ''}`);
}

async function benchStore(store: string, dir: string, raw: RawWriter, putRollups: PutRollups, putMinutes: PutMinutes, pgUrl?: string) {
  const svc = await startBenchService(dir, pgUrl);
  const fig = report.column(store);
  try {
    const cpuPerMinute = await ingest(svc, raw, store, '0.5x', fig);
    const lag = await svc.lag();
    if (lag === null) console.log(`[${store}] alert evaluation lag: no figure (this store's alert engine is not ported yet)`);
    else fig('batch acknowledged -> its evaluation committed', `p50 ${lag.p50.toFixed(0)} ms, p99 ${lag.p99.toFixed(0)} ms`);
    if (lag !== null) console.log(`[${store}] alert evaluation lag, batch acknowledged -> its evaluation committed (4 default alerts per server, queue included): p50 ${lag.p50.toFixed(0)} ms, p99 ${lag.p99.toFixed(0)} ms, max ${lag.max.toFixed(0)} ms over ${lag.n} batches`);
    await hourClose(svc, store, cpuPerMinute, fig);
    if (process.env.BENCH_READS !== '0') await reads(svc, store, SERVERS, now, putRollups, Boolean(pgUrl), fig);
    await backtest(svc, store, now, putMinutes, fig);
  } finally {
    await svc.stop();
  }
}

const only = process.env.BENCH_STORES;
if (only !== 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  try {
    await benchStore('SQLite', dir, rawSqlite(dir), sqliteRollups(dir), sqliteMinutes(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const admin = pgAdminUrl();
if (only !== 'sqlite' && admin === null) console.log('[PostgreSQL] skipped: set BENCH_PG_URL (or PG_TEST_URL) to a server where the role may create databases');
if (only !== 'sqlite' && admin === null) report.note('PostgreSQL not run (no BENCH_PG_URL).');
if (only !== 'sqlite' && admin !== null) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  const db = await scratchDatabase(admin, 'fw_bench');
  try {
    await benchStore('PostgreSQL', dir, rawPgCopy(db.url), pgRollups(db.url), pgMinutes(db.url), db.url);
  } finally {
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
publish(report, `Measured ${machine()}, by \`npm run bench\`: ${SERVERS.toLocaleString('en-US')} servers x ${PROCS} processes x ${MINUTES} fleet minutes, 4 default alerts per server evaluated in the same process, ${CONCURRENCY} uploads in flight; reads p50 of server time (Server-Timing).`);
publish(await runStorm(), stormCaption());
publish(await runLoad(), loadCaption());
// The simulation runs when imported (its settings: SIZE_* in bench/size-sim.ts).
await import('./size-sim');
