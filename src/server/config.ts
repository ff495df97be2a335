import { resolve } from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => !(v === '0' || v === 'false' || v === 'no'));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DEMO: flag,
  LOCAL_COLLECTOR: flag,
  DEFAULT_ALERTS: flag,
  DEMO_DAYS: z.coerce.number().min(0).max(30).default(7),
  DEMO_SERVERS: z.coerce.number().int().min(1).max(5000).default(25),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().optional(),
  SMS_WEBHOOK_URL: z.string().url().optional(),
  PUSH_WEBHOOK_URL: z.string().url().optional(),
  CALLBACK_ALLOW_NETS: z.string().default(''),
  CALLBACK_DENY_NETS: z.string().default(''),
  /** Deadline of one callback or notification attempt; an outbox claim lasts 3 s longer. */
  DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** How long an evaluation claim lasts: items of a process that died are taken over after it. */
  EVAL_LEASE_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
});

/** The environment, validated once; a bad value stops start-up with a message naming it. */
export function readEnv(env: NodeJS.ProcessEnv = process.env) {
  const r = envSchema.safeParse(env);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new Error(`invalid environment variable ${String(i.path[0])}: ${i.message}`);
  }
  return { ...r.data, DATA_DIR: resolve(r.data.DATA_DIR) };
}
export type Env = ReturnType<typeof readEnv>;
