import { resolve } from 'node:path';
import { z } from 'zod';
import { LOOPBACK_NETS, parseCidrList } from './cidr';

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => !(v === '0' || v === 'false' || v === 'no'));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** postgres://user:pass@host:port/db: run on PostgreSQL; without it, SQLite in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** Connections in each process's PostgreSQL pool (left out: the pool's default, 10; store/postgres/db.ts). */
  PG_POOL_MAX: z.coerce.number().int().min(1).max(200).optional(),
  /** How long a PostgreSQL statement waits for a lock (ms; 0: no bound; left out: the pool's default, 15 s). */
  PG_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  DEMO: flag,
  LOCAL_COLLECTOR: flag,
  DEFAULT_ALERTS: flag,
  DEMO_DAYS: z.coerce.number().min(0).max(30).default(7),
  DEMO_SERVERS: z.coerce.number().int().min(1).max(5000).default(25),
  SMTP_URL: z.string().url().optional(),
  /** The dashboard's address as people reach it (https://monitor.example.com): links in alert e-mails start with it. */
  PUBLIC_URL: z.string().url().optional(),
  MAIL_FROM: z.string().optional(),
  SMS_WEBHOOK_URL: z.string().url().optional(),
  PUSH_WEBHOOK_URL: z.string().url().optional(),
  CALLBACK_ALLOW_NETS: z.string().default(''),
  CALLBACK_DENY_NETS: z.string().default(''),
  /** Proxies whose X-Forwarded-For is believed: `1` for any, or addresses/CIDRs (`127.0.0.1,10.0.0.0/8`); off by default. */
  TRUST_PROXY: z.string().default(''),
  /** PagerDuty's Events API v2 enqueue URL (channels of type pagerduty); tests point it at a loopback receiver. */
  PAGERDUTY_EVENTS_URL: z.string().url().optional(),
  /** Deadline of one callback or notification attempt; an outbox claim lasts 3 s longer. */
  DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Networks that may read GET /metrics (comma-separated CIDRs); empty turns /metrics off. */
  METRICS_ALLOW_NETS: z
    .string()
    .default(LOOPBACK_NETS)
    .refine((v) => validNets(v), { error: 'must be a comma-separated list of CIDRs or addresses' }),
  /** SQLite: the write-ahead log's cap in MiB; a checkpoint truncates it past this (docs/retention.md). */
  SQLITE_WAL_CAP_MB: z.coerce.number().min(1).max(4096).default(64),
  /** SQLite: the service's page cache in MiB (docs/operations.md). */
  SQLITE_CACHE_MB: z.coerce.number().min(1).max(65536).default(64),
  /** How long an evaluation claim lasts: items of a process that died are taken over after it. */
  EVAL_LEASE_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
});

function validNets(list: string): boolean {
  try {
    parseCidrList(list);
    return true;
  } catch {
    return false;
  }
}

/** The environment, validated once; a bad value stops start-up with a message naming it. */
export function readEnv(env: NodeJS.ProcessEnv = process.env) {
  const r = envSchema.safeParse(env);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new Error(`invalid environment variable ${String(i.path[0])}: ${i.message}`);
  }
  const proxy = r.data.TRUST_PROXY.trim();
  const trustProxy = proxy === '' || proxy === '0' || proxy === 'false' ? false : proxy === '1' || proxy === 'true' ? true : proxy;
  return { ...r.data, DATA_DIR: resolve(r.data.DATA_DIR), TRUST_PROXY: trustProxy };
}
export type Env = ReturnType<typeof readEnv>;

/** Where and how to open the store (store/open.ts StoreSettings), from the environment: the service's and the CLIs' one reading. */
export function storeSettings(env: Env) {
  return {
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    pg: { max: env.PG_POOL_MAX, lockTimeoutMs: env.PG_LOCK_TIMEOUT_MS },
    walCapBytes: Math.round(env.SQLITE_WAL_CAP_MB * 1048576),
    cacheBytes: Math.round(env.SQLITE_CACHE_MB * 1048576),
  };
}
