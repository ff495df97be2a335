// The remote-write part of npm run bench:peers: one Prometheus remote write 1.0 stream (the fleet's
// server-minutes as snappy protobuf WriteRequests, encoded once) sent to each receiver, ours on
// /api/v1/write (labelled series), VictoriaMetrics' and Prometheus' own; then one series' last 24 h by
// query_range (step 60) against each. PEERS_RW_SERVERS sets the fleet (default 50: about 161,000
// series; bench/serve.ts raises ours' per-account series cap so larger fleets fit), PEERS_RW_MINUTES
// the minutes (default 6: the first creates the series, and the next still pays part of that).
// `npm run bench:peers -- --remote-write-only` runs this part alone.
import { loadavg } from 'node:os';
import { batch } from '../fleet';
import { pgAdminUrl, scratchDatabase } from '../pg-scratch';
import { machine, publish, Report } from '../report';
import { ingest, read, type Cost, type Reading } from './measure';
import { startOurs } from './ours';
import { promSize, type Peer, type Scenario } from './peer';
import { pool } from './http';
import { cpuSeconds, settle } from './proc';
import { startPrometheus } from './prometheus';
import { snappy, writeRequest } from './remote-write';
import { batchSamples } from './samples';
import { fixed, int, table } from './table';
import { startVictoria } from './victoria';

const PROCS = 200;
const HISTORY_PROCS = 10;
const CONCURRENCY = 16;

function setting(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`${name} must be a whole number from 1 to ${max}, got "${raw}"`);
  return n;
}

/** A server-minute as a remote-write body. */
const body = (guid: string, i: number, minute: number, procs: number) => {
  const b = batch(guid, i, minute, procs);
  return snappy(writeRequest(batchSamples(b), b.minute * 1000));
};

/** Runs the scenario and prints (and with --write-docs writes) its table; stops every peer it started. */
export async function remoteWriteBench(): Promise<void> {
  const servers = setting('PEERS_RW_SERVERS', 50, 10_000);
  const minuteCount = setting('PEERS_RW_MINUTES', 6, 60);
  const last = Math.floor(Date.now() / 60_000) * 60 - 60;
  const s: Scenario = { guids: [], history: 'rw-history', end: last };
  const minutes = Array.from({ length: minuteCount }, (_, m) => last - (minuteCount - 1 - m) * 60);
  const perUpload = batchSamples(batch('rw-0', 0, last, PROCS)).length;
  const series = `fleet_server_cpu{server="${s.history}"}`;
  const dayRead = `/api/v1/query_range?query=${encodeURIComponent(series)}&start=${last - 1439 * 60}&end=${last}&step=60`;

  const peers: Peer[] = [];
  const notes: string[] = [];
  try {
    peers.push(await startOurs(s, CONCURRENCY));
    const pgAdmin = pgAdminUrl();
    if (pgAdmin) peers.push(await startOurs(s, CONCURRENCY, await scratchDatabase(pgAdmin, 'fw_peers_rw')));
    else notes.push('ours on PostgreSQL skipped: set BENCH_PG_URL (or PG_TEST_URL)');
    const vm = await startVictoria(s, CONCURRENCY);
    if (vm) peers.push(vm);
    else notes.push('VictoriaMetrics skipped: apt-get install victoria-metrics');
    const prom = await startPrometheus(s, CONCURRENCY);
    if (prom) peers.push(prom);
    else notes.push('Prometheus skipped: apt-get install prometheus');
    const pids = () => peers.map((p) => p.pid);
    console.log(`\nremote write: ${servers} servers x ${PROCS} processes x ${minuteCount} minutes = ${int(servers * minuteCount * perUpload)} samples,`);
    console.log(`  one WriteRequest per server-minute (${perUpload} series of one sample), ${CONCURRENCY} in flight, the same bodies to each receiver`);

    // A day of one server's minutes (10 processes), oldest first, one write at a time (Prometheus appends in time order). Not measured.
    for (let k = 1439; k >= 0; k--) {
      const b = body(s.history, 0, last - k * 60, HISTORY_PROCS);
      for (const p of peers) await p.remoteWrite(b);
    }
    await settle(pids());

    const costs = new Map<Peer, Cost[]>(peers.map((p) => [p, []]));
    const load0 = loadavg()[0]!;
    for (const minute of minutes) {
      const bodies = Array.from({ length: servers }, (_, i) => body(`rw-${i}`, i, minute, PROCS));
      for (const p of peers) costs.get(p)!.push(await ingest({ ...p, upload: p.remoteWrite }, peers, bodies, CONCURRENCY));
    }
    const load1 = loadavg()[0]!;
    // Ours owes the hourly job that moves a closed hour into a chunk per series and hour. Its cost per
    // sample depends on the samples a chunk holds, so ours also takes a whole hour of the fleet (60
    // minutes, an hour before the counted ones, not counted as ingest), and the job's CPU on that hour is
    // charged to the counted minutes at the same cost per sample.
    const hour = Math.floor((minutes[0]! - 7200) / 3600) * 3600;
    const compaction = new Map<Peer, { moved: number; cpu: number }>();
    for (const p of peers) {
      if (!p.compact) continue;
      for (let m = 0; m < 60; m++) await pool(Array.from({ length: servers }, (_, i) => body(`rw-${i}`, i, hour + m * 60, PROCS)), CONCURRENCY, p.remoteWrite);
      await settle(pids());
      const c0 = cpuSeconds(p.pid);
      const moved = await p.compact(hour + 3600);
      await settle([p.pid]);
      compaction.set(p, { moved, cpu: cpuSeconds(p.pid) - c0 });
      // The rest (the counted minutes) too, unmeasured, so reads find what they found before.
      await p.compact();
    }
    for (const p of peers) await p.flush();
    const day = new Map<Peer, Reading>();
    for (const p of peers) day.set(p, await read(p, peers, p.name === 'VictoriaMetrics' ? `${dayRead}&nocache=1` : dayRead, 200));

    const perMinute = servers * perUpload;
    const first = (p: Peer) => costs.get(p)![0]!;
    const later = (p: Peer) => {
      const l = costs.get(p)!.slice(1);
      const sum = (f: (c: Cost) => number) => l.reduce((n, c) => n + f(c), 0);
      return { wall: sum((c) => c.wall), cpu: sum((c) => c.cpu), dbCpu: sum((c) => c.dbCpu), n: l.length };
    };
    const row = (label: string, f: (p: Peer) => string) => [label, ...peers.map(f)];
    const rows = [
      row('remote write, first minute (new series), samples/s', (p) => int(perMinute / first(p).wall)),
      row('  samples per service CPU second (first minute)', (p) => int(perMinute / first(p).cpu)),
      row(`remote write, later minutes (${minuteCount - 1}), samples/s`, (p) => int((later(p).n * perMinute) / later(p).wall)),
      row('  samples per service CPU second (later minutes)', (p) => int((later(p).n * perMinute) / later(p).cpu)),
      row('  PostgreSQL server CPU s per minute', (p) => fixed(later(p).dbCpu / later(p).n)),
      row("hourly compaction of an hour's samples (60 a series), service CPU µs a sample", (p) => {
        const c = compaction.get(p);
        return c ? fixed((c.cpu * 1e6) / c.moved, 3) : '-';
      }),
      row('samples per service CPU second (later minutes, their compaction charged)', (p) => {
        const c = compaction.get(p);
        const n = later(p).n * perMinute;
        return int(n / (later(p).cpu + (c ? (n * c.cpu) / c.moved : 0)));
      }),
      row('query_range of one series, 24 h, step 60, p50 ms', (p) => fixed(day.get(p)!.p50)),
      row('  service CPU ms per request', (p) => fixed(day.get(p)!.cpuMs)),
      row('  PostgreSQL server CPU ms per request', (p) => fixed(day.get(p)!.dbCpuMs)),
    ];
    console.log(`machine: load average ${load0.toFixed(1)} before the remote-write ingest, ${load1.toFixed(1)} after\n`);
    console.log(table(['', ...peers.map((p) => p.name)], rows));
    for (const p of peers) console.log(`  ${p.name}: samples per service CPU second, minute by minute: ${costs.get(p)!.map((c) => int(perMinute / c.cpu)).join(', ')}`);
    for (const p of peers) console.log(`  ${p.name}: page faults (minor/major), minute by minute: ${costs.get(p)!.map((c) => `${int(c.faults.minor)}/${int(c.faults.major)}`).join(', ')}`);
    for (const p of peers) console.log(`  ${p.name}: 24 h answer ${promSize(await p.get(dayRead))}`);
    console.log('Ours stores every remote-written sample: recent ones in a row per 256 series and minute, closed hours');
    console.log('compacted (a job, hourly) into a row per series and hour, measured on an hour of the fleet that ours alone');
    console.log('takes (not counted as ingest) and charged to the later minutes at its cost per sample. VictoriaMetrics and');
    console.log('Prometheus store every sample too; their merges during and right after each minute are counted in it.');
    console.log('Reads: GET /api/v1/query_range, one request at a time.');
    notes.forEach((n) => console.log(n));
    const report = new Report('peers-remote-write', peers.map((p) => p.name));
    for (const [label, ...cells] of rows) peers.forEach((p, i) => report.column(p.name)(label!, cells[i]!));
    notes.forEach((n) => report.note(`${n}.`));
    publish(
      report,
      `Measured ${machine()}, by \`npm run bench:peers\` (remote-write part): ${servers} servers x ${PROCS} processes x ${minuteCount} minutes (${perUpload} series per server-minute WriteRequest), ${CONCURRENCY} writes in flight; load average ${load0.toFixed(1)} before, ${load1.toFixed(1)} after; ${peers.map((p) => `${p.name} ${p.version}`).join(', ')}.`,
    );
  } finally {
    for (const p of peers.reverse()) await p.stop().catch((e: unknown) => console.error(`stopping ${p.name}:`, e));
  }
}
