import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { basicHeader } from './harness';

/** `src/server/main.ts` in its own process group, as an operator runs it. */
export interface ServiceProcess {
  base: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** SIGKILL to the whole process group: no clean shutdown, no last write. */
  crash(): Promise<void>;
  /** SIGTERM, as an operator's stop (a rolling upgrade): resolves when the process has exited. */
  stop(): Promise<void>;
}

/**
 * Starts the service with `env` (PORT=0 picks a free port) and resolves once it listens: this tree's
 * bundle as `npm start` runs it (FW_TEST_SERVICE, made by testing/global-setup.ts; main.ts through tsx
 * outside vitest), or with `cwd` another checkout's main.ts (a previous release, for upgrade tests).
 */
export async function startServiceProcess(env: Record<string, string>, cwd?: string): Promise<ServiceProcess> {
  const bundle = cwd === undefined ? process.env.FW_TEST_SERVICE : undefined;
  const child = spawn(process.execPath, bundle ? ['--enable-source-maps', bundle] : ['--import', 'tsx', 'src/server/main.ts'], {
    cwd,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DEMO: '0', LOCAL_COLLECTOR: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/[\d.:]+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`service exited ${code}: ${out}`)));
  });
  return {
    base,
    child,
    output: () => out,
    crash: () => signal(child, 'SIGKILL'),
    stop: () => signal(child, 'SIGTERM'),
  };
}

/** Sends `sig` to the child's process group and resolves once it has exited. */
function signal(child: ChildProcess, sig: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    process.kill(-child.pid!, sig);
  });
}

/** Creates an account with the CLI on the store `storeEnv` names (DATA_DIR, DATABASE_URL) and answers its Basic header. */
export function createAccountCli(storeEnv: Record<string, string>, email: string): string {
  const made = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/account.ts', 'create', '--email', email], {
    env: { ...process.env, ...storeEnv },
    encoding: 'utf8',
  });
  const account = JSON.parse(made.stdout) as { email: string; api_key: string };
  return basicHeader({ email: account.email, key: account.api_key });
}

/** True for fetch's error when the server closed a kept-alive connection just as it was reused. */
const closedIdle = (err: unknown) => err instanceof TypeError && (err.cause as { code?: string } | undefined)?.code === 'UND_ERR_SOCKET';

/**
 * A JSON API call with Basic credentials against a running service. A GET is sent once more when the
 * connection it reused was closed by the service's keep-alive timeout meanwhile (a loaded machine's
 * timers run late), as HTTP clients retry idempotent requests; a service that is gone still fails.
 */
export async function callService(base: string, auth: string, method: string, path: string, body?: unknown) {
  const send = () =>
    fetch(`${base}${path}`, {
      method,
      headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const r = await send().catch((err: unknown) => {
    if (method === 'GET' && closedIdle(err)) return send();
    throw err;
  });
  const text = await r.text();
  // Tests read arbitrary JSON; each assertion says what shape it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* keep the text */
  }
  return { status: r.status, body: parsed };
}

/** Creates an account with the CLI (of the checkout at `cwd`, this one by default) against the store `env` names (DATA_DIR or DATABASE_URL). */
export function createAccountIn(env: Record<string, string>, email: string, cwd?: string): string {
  const made = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/account.ts', 'create', '--email', email], {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (made.status !== 0) throw new Error(`account CLI failed: ${made.stderr}`);
  const account = JSON.parse(made.stdout) as { email: string; api_key: string };
  return basicHeader({ email: account.email, key: account.api_key });
}
