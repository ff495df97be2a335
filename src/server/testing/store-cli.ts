import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { basicHeader } from './harness';

/** What a CLI run printed and how it ended. */
export interface CliResult {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `src/server/cli/<script>.ts` as its own process without blocking the event loop (a test keeps
 * ingesting meanwhile); `started` receives the child, to interrupt it.
 */
export function runCli(script: string, args: string[], env: Record<string, string>, started?: (c: ChildProcess) => void): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/server/cli/${script}.ts`, ...args], { env: { ...process.env, ...env } });
    started?.(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
}

/** Creates an account with the account CLI and answers its credentials and Basic header. */
export function accountIn(env: Record<string, string>, email: string): { email: string; key: string; auth: string } {
  const made = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/account.ts', 'create', '--email', email], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`account CLI failed: ${made.stderr}`);
  const a = JSON.parse(made.stdout) as { email: string; api_key: string };
  return { email: a.email, key: a.api_key, auth: basicHeader({ email: a.email, key: a.api_key }) };
}
