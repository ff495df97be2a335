// npm run bench:peers: our service against the peers a user would pick instead (VictoriaMetrics, Prometheus
// from Debian's packages), in one run, on the same fleet minutes. Figures are printed, never asserted.
// PEERS_SERVERS sets the fleet size (default 500), PEERS_MINUTES the fleet minutes ingested (default 3).
// Ends with the summary table of docs/benchmarks.md; `npm run bench:peers -- --write-docs` rewrites it there.
// Then the same remote-write stream to each receiver (bench/peers/remote-write-run.ts), a table of its own;
// `-- --remote-write-only` runs only that part.
import { loadavg } from 'node:os';
import { batch } from './fleet';
import { ingest, read, type Cost, type Reading } from './peers/measure';
import { startOurs } from './peers/ours';
import { pgAdminUrl, scratchDatabase } from './pg-scratch';
import type { Peer, Scenario } from './peers/peer';
import { diskBytes, diskParts, peakRss, settle } from './peers/proc';
import { PROM_SKIPPED, startPrometheus } from './peers/prometheus';
import { remoteWriteBench } from './peers/remote-write-run';
import { batchSamples } from './peers/samples';
import { machine, publish, Report } from './report';
import { fixed, int, mb, table } from './peers/table';
import { VM_SKIPPED, startVictoria } from './peers/victoria';

/** A whole number from the environment within [1, max], or the fallback when unset. */
function setting(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`${name} must be a whole number from 1 to ${max}, got "${raw}"`);
  return n;
}

const SERVERS = setting('PEERS_SERVERS', 500, 100_000);
const MINUTES = setting('PEERS_MINUTES', 3, 60); // within one clock hour, see below
const PROCS = 200;
const CONCURRENCY = 16;
const HISTORY_PROCS = 10;

process.once('SIGINT', () => process.exit(130)); // the peers are killed on exit (bench/peers/proc.ts)
process.once('SIGTERM', () => process.exit(143));

if (process.argv.includes('--remote-write-only')) {
  await remoteWriteBench();
  process.exit(0);
}

// Recent minutes (the latest-point reads look back from the last one), all inside one clock hour so no
// minute of the measured ingest pays our once-an-hour process rollup (npm run bench prints that cost).
const last = Math.floor(Date.now() / 60_000) * 60 - 60;
const end = last % 3600 >= (MINUTES - 1) * 60 ? last : Math.floor(last / 3600) * 3600 - 60;
const s: Scenario = { guids: Array.from({ length: SERVERS }, (_, i) => `fleet-${i}`), history: 'history', end };
const minutes = Array.from({ length: MINUTES }, (_, m) => end - (MINUTES - 1 - m) * 60);
const perUpload = batchSamples(batch('fleet-0', 0, end, PROCS)).length;
const historySamples = 1440 * batchSamples(batch(s.history, 0, end, HISTORY_PROCS)).length;

const peers: Peer[] = [];
const notes: string[] = [];
try {
  peers.push(await startOurs(s, CONCURRENCY));
  // Our service on PostgreSQL too, when BENCH_PG_URL (or PG_TEST_URL) names a server (a scratch database).
  const pgAdmin = pgAdminUrl();
  if (pgAdmin) peers.push(await startOurs(s, CONCURRENCY, await scratchDatabase(pgAdmin, 'fw_peers')));
  else notes.push('ours on PostgreSQL skipped: set BENCH_PG_URL (or PG_TEST_URL) to a server where the role may create databases');
  const vm = await startVictoria(s, CONCURRENCY);
  if (vm) peers.push(vm);
  else notes.push(`VictoriaMetrics ${VM_SKIPPED}`);
  const prom = await startPrometheus(s, CONCURRENCY);
  if (prom) peers.push(prom);
  else notes.push(`Prometheus ${PROM_SKIPPED}`);
  notes.forEach((n) => console.log(n));
  peers.forEach((p) => console.log(`${p.name}: ${p.version}`));
  const pids = () => peers.map((p) => p.pid);

  console.log(`peers bench: ${SERVERS} servers x ${PROCS} processes x ${MINUTES} fleet minutes = ${int(SERVERS * MINUTES * perUpload)} samples`);
  console.log(`  (${perUpload} per server-minute upload: every numeric server and process field), ${CONCURRENCY} uploads in flight,`);
  console.log('  keep-alive, bodies encoded before the clock starts; each peer ingests a minute while the others are idle');

  // Reads need a server with a day of minutes (10 processes): sent oldest first, one upload at a time,
  // because Prometheus appends a series' samples in time order only. Not measured.
  for (const p of peers) {
    for (let k = 1439; k >= 0; k--) await p.upload(p.encode(batch(s.history, 0, end - k * 60, HISTORY_PROCS)));
  }
  await settle(pids());

  const costs = new Map<Peer, Cost[]>(peers.map((p) => [p, []]));
  const bodyBytes = new Map<Peer, number>(peers.map((p) => [p, 0]));
  const load0 = loadavg()[0]!;
  for (const minute of minutes) {
    const batches = s.guids.map((g, i) => batch(g, i, minute, PROCS));
    for (const p of peers) {
      const bodies = batches.map((b) => p.encode(b));
      bodyBytes.set(p, bodyBytes.get(p)! + bodies.reduce((n, b) => n + b.length, 0));
      costs.get(p)!.push(await ingest(p, peers, bodies, CONCURRENCY));
    }
  }
  const load1 = loadavg()[0]!;

  const disk = new Map<Peer, number>();
  const stored = new Map<Peer, string>();
  const parts = new Map<Peer, string>();
  const rss = new Map<Peer, number>();
  for (const p of peers) await p.flush();
  await settle(pids());
  for (const p of peers) {
    disk.set(p, diskBytes(p.dataDir) + ((await p.backing?.diskBytes()) ?? 0));
    rss.set(p, peakRss(p.pid));
    const db = p.backing ? [[`${p.backing.name} database`, await p.backing.diskBytes()] as [string, number]] : [];
    parts.set(p, [...diskParts(p.dataDir), ...db].map(([name, n]) => `${name} ${mb(n)}`).join(', '));
    stored.set(p, await p.stored());
  }

  const day = new Map<Peer, Reading>();
  const latest = new Map<Peer, Reading>();
  const extra: string[] = [];
  for (const p of peers) {
    day.set(p, await read(p, peers, p.reads.day, 200));
    latest.set(p, await read(p, peers, p.reads.latest, 100));
    for (const [label, path] of p.extraReads) {
      const r = await read(p, peers, path, 200);
      extra.push(`${p.name}, ${label}: p50 ${fixed(r.p50)} ms, ${fixed(r.cpuMs)} ms service CPU per request`);
    }
  }

  const perMinute = SERVERS * perUpload;
  const firstOf = (p: Peer) => costs.get(p)![0]!;
  const laterOf = (p: Peer) => {
    const later = costs.get(p)!.slice(1);
    const sum = (f: (c: Cost) => number) => later.reduce((n, c) => n + f(c), 0);
    return { wall: sum((c) => c.wall), cpu: sum((c) => c.cpu), dbCpu: sum((c) => c.dbCpu), n: later.length };
  };
  const row = (label: string, f: (p: Peer) => string) => [label, ...peers.map(f)];
  const total = MINUTES * perMinute + historySamples;
  console.log(`machine: load average ${load0.toFixed(1)} before the fleet ingest, ${load1.toFixed(1)} after (2 cores shared with the load generator)\n`);
  const rows = [
    row('ingest, first minute (new series), samples/s', (p) => int(perMinute / firstOf(p).wall)),
    row('  service CPU s', (p) => fixed(firstOf(p).cpu)),
    row(`ingest, later minutes (${MINUTES - 1}), samples/s`, (p) => int((laterOf(p).n * perMinute) / laterOf(p).wall)),
    row('  service CPU s per minute', (p) => fixed(laterOf(p).cpu / laterOf(p).n)),
    row('  samples per service CPU second', (p) => int((laterOf(p).n * perMinute) / laterOf(p).cpu)),
    row('  PostgreSQL server CPU s per minute', (p) => fixed(laterOf(p).dbCpu / laterOf(p).n)),
    row('upload body, KB per server-minute', (p) => fixed(bodyBytes.get(p)! / (MINUTES * SERVERS) / 1000, 1)),
    row("one server's last 24 h of minutes, p50 ms", (p) => fixed(day.get(p)!.p50)),
    row('  service CPU ms per request', (p) => fixed(day.get(p)!.cpuMs)),
    row('  PostgreSQL server CPU ms per request', (p) => fixed(day.get(p)!.dbCpuMs)),
    row(`latest point of every server (${SERVERS + 1}), p50 ms`, (p) => fixed(latest.get(p)!.p50)),
    row('  service CPU ms per request', (p) => fixed(latest.get(p)!.cpuMs)),
    row('  PostgreSQL server CPU ms per request', (p) => fixed(latest.get(p)!.dbCpuMs)),
    row('disk after ingest and flush', (p) => mb(disk.get(p)!)),
    row('  bytes per sample', (p) => fixed(disk.get(p)! / total, 1)),
    row('peak resident memory after ingest', (p) => mb(rss.get(p)!)),
  ];
  console.log(table(['', ...peers.map((p) => p.name)], rows));
  console.log(`\n${int(total)} samples in all (the fleet minutes and the read server's ${int(historySamples)}); each peer reports:`);
  for (const p of peers) {
    console.log(`  ${p.name}: ${stored.get(p)}; answers: 24 h ${day.get(p)!.size}, latest ${latest.get(p)!.size}`);
    console.log(`    disk: ${parts.get(p)}`);
  }
  extra.forEach((e) => console.log(e));
  console.log('\nWhat each side does (all with their defaults):');
  for (const p of peers) p.does.forEach((d) => console.log(d));
  console.log('Reads: ours GET /api/v5/servers/{id}/data/?num=1440 and /api/v5/servers/latest_data/; the others /api/v1/query_range');
  console.log('  (step 60 s) and /api/v1/query over {__name__=~"fleet_server_.+"}; p50 of the client round trip, one request at a time.');
  notes.forEach((n) => console.log(n));
  const report = new Report('peers', peers.map((p) => p.name));
  for (const [label, ...cells] of rows) peers.forEach((p, i) => report.column(p.name)(label!, cells[i]!));
  notes.forEach((n) => report.note(`${n}.`));
  publish(report, `Measured ${machine()}, by \`npm run bench:peers\`: ${SERVERS} servers x ${PROCS} processes x ${MINUTES} fleet minutes (${perUpload} samples per server-minute), ${CONCURRENCY} uploads in flight; load average ${load0.toFixed(1)} before the fleet ingest, ${load1.toFixed(1)} after; ${peers.map((p) => `${p.name} ${p.version}`).join(', ')}.`);
} finally {
  for (const p of peers.reverse()) await p.stop().catch((e: unknown) => console.error(`stopping ${p.name}:`, e));
}

await remoteWriteBench();
