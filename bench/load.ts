// The load mix (issue 21): BENCH_LOAD_CLIENTS (50) concurrent clients against the real service, each
// sending in turn a collector upload and four dashboard reads (the server list, a server's last hour of
// minutes, its processes, the alert histories), for BENCH_LOAD_SECONDS (20) after BENCH_LOAD_WARMUP (5)
// seconds of the same mix. Prints requests/s and client-side p50/p95/p99 per kind and overall; goal on
// SQLite: >= 1,500 requests/s with p99 <= 100 ms. The same clients first send GET /api/v5/servers/{id} (sign
// in and one indexed read, about the lightest request of the API, in every release) for a few seconds:
// the mix's rate is also given against that rate of the same run, which a loaded machine moves much less
// than the absolute figures.
// Runs after the storm in `npm run bench`, alone with `BENCH_ONLY=load npm run bench` (BENCH_STORES as for
// the rest). BENCH_LOAD_SERVE=<path of another checkout's bench/serve.ts> measures that checkout's service.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { batch, uploadBody } from './fleet';
import { pgAdminUrl, scratchDatabase } from './pg-scratch';
import { machine, Report, type Figure } from './report';
import { pool, startBenchService, type BenchService } from './service';
import { openConnection } from './uploader';

const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const WARMUP = Number(process.env.BENCH_LOAD_WARMUP ?? 5);
/** Servers read by the dashboard kinds (an hour of minutes each) and servers uploading during the mix. */
const READ_SERVERS = 20;
const UPLOAD_SERVERS = 80;
/** Processes per uploaded batch: a small host's minute (the ingest bench sends 200). */
const PROCS = Number(process.env.BENCH_LOAD_PROCS ?? 20);

const KINDS = ['upload', 'server list', 'server data, last hour', 'processes', 'alert histories'];
type Kind = string;
type Req = { method: string; path: string; body?: Buffer };

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** Fleet data the reads find: an hour of minutes of the read servers, the engine idle afterwards. */
async function prepare(svc: BenchService, now: number) {
  const readIds = await Promise.all(Array.from({ length: READ_SERVERS }, (_, i) => svc.register(`read-${i}`)));
  const uploadGuids = Array.from({ length: UPLOAD_SERVERS }, (_, i) => `up-${i}`);
  await pool(uploadGuids, (g) => svc.register(g));
  const bodies = readIds.flatMap((_, i) => Array.from({ length: 60 }, (_, k) => uploadBody(batch(`read-${i}`, i, now - (59 - k) * 60, PROCS))));
  await svc.postAll(bodies);
  await svc.lag();
  return { readIds, uploadGuids };
}

/** A client loop: its connection, the kinds in turn (offset by client), until `until`. */
async function client(base: URL, auth: string, c: number, next: (kind: Kind) => Req, until: () => boolean, record: (k: Kind, t: number) => void, kinds: readonly Kind[]) {
  const conn = await openConnection(base);
  try {
    for (let i = c; !until(); i++) {
      const kind = kinds[i % kinds.length]!;
      const r = next(kind);
      const body = r.body ?? Buffer.alloc(0);
      const head = `${r.method} ${r.path} HTTP/1.1\r\nHost: ${base.host}\r\nAuthorization: ${auth}\r\n${r.body ? `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n` : ''}\r\n`;
      const t0 = performance.now();
      const res = await conn.send(head, body);
      if (res.status >= 300) throw new Error(`${r.method} ${r.path}: ${res.status} ${res.text.slice(0, 200)}`);
      record(kind, performance.now() - t0);
    }
  } finally {
    conn.socket.destroy();
  }
}

/** Runs `kinds` with CLIENTS clients for `seconds`; answers each kind's sorted latencies (ms). */
async function phase(svc: BenchService, seconds: number, kinds: readonly Kind[], next: Parameters<typeof client>[3]) {
  const lat = new Map<Kind, number[]>(kinds.map((k) => [k, []]));
  const end = performance.now() + seconds * 1000;
  const c0 = svc.serviceCpu();
  await Promise.all(
    Array.from({ length: CLIENTS }, (_, c) => client(svc.base, svc.auth, c, next, () => performance.now() >= end, (k, t) => lat.get(k)!.push(t), kinds)),
  );
  for (const xs of lat.values()) xs.sort((a, b) => a - b);
  return { lat, cpu: svc.serviceCpu() - c0 };
}

/** The mix on one store: prints and records its figures. */
async function loadStore(store: string, dir: string, fig: Figure, report: Report, pgUrl?: string) {
  const svc = await startBenchService(dir, pgUrl, process.env.BENCH_LOAD_SERVE || undefined);
  try {
    const now = Math.floor(Date.now() / 60_000) * 60;
    const { readIds, uploadGuids } = await prepare(svc, now);
    // Uploads go forward minute by minute from two days ago, server after server (hours close as they would).
    let uploads = 0;
    let reads = 0;
    const next = (kind: Kind): Req => {
      if (kind === 'upload') {
        const n = uploads++;
        const g = n % UPLOAD_SERVERS;
        const minute = now - 2 * 86400 + Math.floor(n / UPLOAD_SERVERS) * 60;
        return { method: 'POST', path: '/api/v5/collector/batches', body: uploadBody(batch(uploadGuids[g]!, g, minute, PROCS)) };
      }
      const id = readIds[reads++ % READ_SERVERS]!;
      if (kind === 'server list') return { method: 'GET', path: '/api/v5/servers/' };
      if (kind === 'server data, last hour') return { method: 'GET', path: `/api/v5/servers/${id}/data/?num=60` };
      if (kind === 'processes') return { method: 'GET', path: `/api/v5/servers/${id}/processes/` };
      return { method: 'GET', path: '/api/v5/alert_histories/' };
    };
    const one = `/api/v5/servers/${readIds[0]!}`;
    const single = await phase(svc, Math.max(2, WARMUP), ['one server'], () => ({ method: 'GET', path: one }));
    const oneRate = single.lat.get('one server')!.length / Math.max(2, WARMUP);
    await phase(svc, WARMUP, KINDS, next);
    const load0 = loadavg()[0]!;
    const run = await phase(svc, SECONDS, KINDS, next);
    const load1 = loadavg()[0]!;
    const all = [...run.lat.values()].flat().sort((a, b) => a - b);
    const rate = all.length / SECONDS;
    console.log(`[${store}] load mix: ${CLIENTS} clients, ${SECONDS} s after ${WARMUP} s of warm-up; machine load average ${load0.toFixed(1)} at the start, ${load1.toFixed(1)} at the end (2 cores)`);
    const overall = `${Math.round(rate)} requests/s, p50 ${ms(pct(all, 0.5))}, p95 ${ms(pct(all, 0.95))}, p99 ${ms(pct(all, 0.99))}`;
    console.log(`[${store}]   overall: ${overall}; service CPU ${((run.cpu / all.length) * 1000).toFixed(2)} ms per request`);
    console.log(`[${store}]   GET one server alone, same clients, same run: ${Math.round(oneRate)} requests/s -> the mix runs at ${(rate / oneRate).toFixed(2)}x of it`);
    fig('overall', overall, store === 'SQLite' ? '>= 1,500 requests/s, p99 <= 100 ms (SQLite)' : undefined);
    for (const [k, xs] of run.lat) {
      const line = `${Math.round(xs.length / SECONDS)} requests/s, p50 ${ms(pct(xs, 0.5))}, p95 ${ms(pct(xs, 0.95))}, p99 ${ms(pct(xs, 0.99))}`;
      console.log(`[${store}]   ${k}: ${line}`);
      fig(`  ${k}`, line);
    }
    fig('service CPU per request', ms(run.cpu / all.length * 1000));
    fig('the mix against GET of one server, same clients, same run (requests/s)', `${(rate / oneRate).toFixed(2)}x (${Math.round(oneRate)} requests/s)`);
    report.note(`${store}: load average ${load0.toFixed(1)} at the start of the measured ${SECONDS} s, ${load1.toFixed(1)} at the end.`);
  } finally {
    await svc.stop();
  }
}

/** Runs the mix on SQLite and, with a PostgreSQL server, on PostgreSQL (BENCH_STORES picks one). */
export async function runLoad(): Promise<Report> {
  const report = new Report('load', ['SQLite', 'PostgreSQL']);
  const only = process.env.BENCH_STORES;
  if (only !== 'postgres') {
    const dir = mkdtempSync(join(tmpdir(), 'bench-load-'));
    try {
      await loadStore('SQLite', dir, report.column('SQLite'), report);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const admin = pgAdminUrl();
  if (only !== 'sqlite' && admin !== null) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-load-pg-'));
    const db = await scratchDatabase(admin, 'fw_bench_load');
    try {
      await loadStore('PostgreSQL', dir, report.column('PostgreSQL'), report, db.url);
    } finally {
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return report;
}

/** The caption of the load table. */
export const loadCaption = () =>
  `Measured ${machine()}, by \`BENCH_ONLY=load npm run bench\`: ${CLIENTS} clients, each sending in turn one collector upload (${PROCS} processes) and four reads (server list, a server's last hour of minutes, its processes, the alert histories), ${SECONDS} s after ${WARMUP} s of warm-up; latencies at the client; alert engine on (default alerts).`;
