import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { createServiceStore } from '../store/test-store';
import { receiver } from './receiver';
import { callService, createAccountCli, startServiceProcess, type ServiceProcess } from './service-process';
import { smtpReceiver } from './smtp-receiver';

/** What a crash test sets up around main.ts. */
export interface CrashServiceOptions {
  /** Names the temporary data directory. */
  name: string;
  /** The account's e-mail. */
  email: string;
  /** How long the loopback SMTP server waits before accepting each message (so a kill can land mid-send). */
  smtpDelayMs: number;
  /** A loopback callback receiver that answers 200 after this many ms; none when left out. */
  hookDelayMs?: number;
  /** The account's notification group window; 0 (each incident alone) unless given. */
  groupWaitS?: number;
}

/**
 * main.ts in its own process group on a store of its own (SQLite file or PostgreSQL database, as the
 * run's STORE says), with a slow loopback SMTP server (and callback receiver), short leases and
 * delivery deadlines so a killed process's work is taken over quickly: the set-up of the SIGKILL tests.
 * Registers its own beforeAll/afterAll; `crash()` SIGKILLs and starts it again on the same store.
 */
export function useCrashService(o: CrashServiceOptions) {
  const dataDir = mkdtempSync(join(tmpdir(), `fw-${o.name}-`));
  let store: Awaited<ReturnType<typeof createServiceStore>> | undefined;
  let service: ServiceProcess | undefined;
  let auth = '';
  const peers: { smtp?: Awaited<ReturnType<typeof smtpReceiver>>; hooks?: Awaited<ReturnType<typeof receiver>> } = {};
  const env = () => ({
    ...store!.env,
    DEFAULT_ALERTS: '0',
    CALLBACK_ALLOW_NETS: '127.0.0.0/8',
    SMTP_URL: `smtp://127.0.0.1:${peers.smtp!.port}`,
    DELIVERY_TIMEOUT_MS: '1500',
    EVAL_LEASE_MS: '1500',
  });
  const api = (method: string, path: string, body?: unknown) => callService(service!.base, auth, method, path, body);

  beforeAll(async () => {
    peers.smtp = await smtpReceiver(o.smtpDelayMs);
    if (o.hookDelayMs !== undefined) peers.hooks = await receiver(0, () => ({ status: 200, delayMs: o.hookDelayMs }));
    store = await createServiceStore(dataDir);
    auth = createAccountCli(store.env, o.email);
    service = await startServiceProcess(env());
    expect((await api('PUT', '/api/v5/notification_settings/', { group_wait_s: o.groupWaitS ?? 0 })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await service?.crash();
    await peers.smtp?.close();
    await peers.hooks?.close();
    await store?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    api,
    /** The SMTP server's received mails (after beforeAll). */
    get smtp() {
      return peers.smtp!;
    },
    /** The callback receiver (when `hookDelayMs` was given). */
    get hooks() {
      return peers.hooks!;
    },
    /** SIGKILL, then main.ts again on the same store. */
    async crash() {
      await service!.crash();
      service = await startServiceProcess(env());
    },
  };
}
