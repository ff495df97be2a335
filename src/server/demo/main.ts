import { parseArgs } from 'node:util';
import { joinOptionValues } from '../collector/cli-args';
import { startDemoFleet } from './fleet-runner';

const USAGE = `usage: npm run demo -- --url <base_url> --email <e> --key <k> [--servers N] [--days D] [--seed S]
                      [--follow] [--concurrency C] [--gzip]`;

function numberOpt(name: string, v: string | undefined, fallback: number): number {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) {
    console.error(`--${name} must be a non-negative number, not ${JSON.stringify(v)}\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

const { values } = parseArgs({
  args: joinOptionValues(process.argv.slice(2), ['url', 'email', 'key', 'servers', 'days', 'seed', 'concurrency']),
  options: {
    url: { type: 'string' },
    email: { type: 'string' },
    key: { type: 'string' },
    servers: { type: 'string' },
    days: { type: 'string' },
    seed: { type: 'string' },
    follow: { type: 'boolean', default: false },
    concurrency: { type: 'string' },
    gzip: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help || !values.url || !values.email || !values.key) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}

const fleet = startDemoFleet({
  baseUrl: values.url,
  email: values.email,
  key: values.key,
  servers: Math.max(1, Math.floor(numberOpt('servers', values.servers, 25))),
  days: numberOpt('days', values.days, 7),
  seed: Math.floor(numberOpt('seed', values.seed, 1)),
  follow: values.follow,
  concurrency: Math.max(1, Math.floor(numberOpt('concurrency', values.concurrency, 8))),
  gzip: values.gzip,
  onProgress(p) {
    const secs = (p.elapsedMs / 1000).toFixed(1);
    if (p.phase === 'configure') {
      for (const s of p.steps ?? []) console.log(`${s.ok ? 'ok     ' : 'skipped'} ${s.step}${s.detail ? `: ${s.detail}` : ''}`);
    } else if (p.message) console.log(`[${secs}s] ${p.phase}: ${p.message}`);
    else if (p.phase === 'backfill') console.log(`[${secs}s] backfill ${p.sent}/${p.total} batches`);
  },
});

const t0 = Date.now();
fleet.backfillDone.then(
  () => {
    console.log(`backfill done in ${((Date.now() - t0) / 1000).toFixed(1)} s${values.follow ? '; streaming each minute (Ctrl-C stops)' : ''}`);
    if (!values.follow) void fleet.stop();
  },
  (e: unknown) => {
    console.error(`demo fleet failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
    void fleet.stop();
  },
);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void fleet.stop().then(() => process.exit(0)));
