// Service CPU per collector batch at steady state (SQLite), for comparing two checkouts back to back:
// `BENCH_CPU_SERVERS=300 BENCH_CPU_MINUTES=8 npx tsx bench/ingest-cpu.ts` (BENCH_PROFILE=<dir> profiles
// the service). The first fleet minute (JIT warm-up) is not counted, and the engine finishes evaluating
// each minute before the next is sent, so the figure is ingest plus its evaluation and little else.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { batch, uploadBody } from './fleet';
import { pool, startBenchService } from './service';

const SERVERS = Number(process.env.BENCH_CPU_SERVERS ?? 300);
const MINUTES = Number(process.env.BENCH_CPU_MINUTES ?? 8);
// BENCH_CPU_WARM=n: n other servers upload one minute first (as `npm run bench` does), and then every
// minute of the fleet is counted, the first one (all of its processes new) included.
const WARM = Number(process.env.BENCH_CPU_WARM ?? 0);
const dir = mkdtempSync(join(tmpdir(), 'bench-cpu-'));
const svc = await startBenchService(dir);
const guids = Array.from({ length: SERVERS }, (_, i) => `fleet-${i}`);
await pool(guids, (g) => svc.register(g));
const first = Math.floor(Date.now() / 60_000) * 60 - 3 * 86400;
if (WARM > 0) {
  const warm = Array.from({ length: WARM }, (_, i) => `warm-${i}`);
  await pool(warm, (g) => svc.register(g));
  await svc.postAll(warm.map((g, i) => uploadBody(batch(g, i, first - 60, 200))));
  await svc.lag();
}
const load0 = loadavg()[0]!;
let cpu = 0;
let wall = 0;
const perMinute: string[] = [];
for (let m = 0; m < MINUTES; m++) {
  const bodies = guids.map((g, i) => uploadBody(batch(g, i, first + m * 60, 200)));
  const c0 = svc.serviceCpu();
  const t0 = performance.now();
  await svc.postAll(bodies);
  await svc.lag();
  const minuteCpu = svc.serviceCpu() - c0;
  perMinute.push(((minuteCpu * 1000) / SERVERS).toFixed(2));
  if (m === 0 && WARM === 0) continue;
  wall += performance.now() - t0;
  cpu += minuteCpu;
}
const batches = SERVERS * (WARM > 0 ? MINUTES : MINUTES - 1);
console.log(
  `${SERVERS} servers x ${WARM > 0 ? MINUTES : MINUTES - 1} fleet minutes counted, load average ${load0.toFixed(1)}: service CPU ${((cpu * 1000) / batches).toFixed(2)} ms per batch, ` +
    `${Math.round((batches * 201) / cpu).toLocaleString('en-US')} rows per service CPU second, wall ${(wall / batches).toFixed(2)} ms per batch; ` +
    `by minute (ms per batch) ${perMinute.join(', ')}`,
);
await svc.stop();
rmSync(dir, { recursive: true, force: true });
