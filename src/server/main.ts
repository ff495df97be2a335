import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startAlerting } from './alerting/start';
import { buildApp } from './app';
import { readEnv } from './config';
import { newEvents, systemNow, type Deps } from './deps';
import { createAccount } from './services/accounts';
import { openSqliteStore } from './store/sqlite/open';

/** Starts the service: store, demo account on first start, HTTP, and a clean shutdown. */
async function main() {
  const env = readEnv();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const dbFile = join(env.DATA_DIR, 'monitoring.sqlite');
  const firstStart = !existsSync(dbFile);
  const store = openSqliteStore(dbFile);
  const deps = {
    store,
    config: { dataDir: env.DATA_DIR, webDir: resolve('dist') },
    now: systemNow,
    events: newEvents(),
  } satisfies Deps;

  if (firstStart && env.DEMO) {
    const demo = await createAccount(store, 'demo@example.com');
    if (demo.ok) {
      const file = join(env.DATA_DIR, 'demo-account.json');
      writeFileSync(file, JSON.stringify({ email: demo.email, api_key: demo.api_key }, null, 2) + '\n', { mode: 0o600 });
      console.log(`demo account: email=${demo.email} api_key=${demo.api_key} (saved in ${file})`);
    }
  }

  const alerting = startAlerting(deps, {
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    smsWebhook: env.SMS_WEBHOOK_URL,
    pushWebhook: env.PUSH_WEBHOOK_URL,
    allowNets: env.CALLBACK_ALLOW_NETS,
    denyNets: env.CALLBACK_DENY_NETS,
    defaultAlerts: env.DEFAULT_ALERTS,
  });

  const app = await buildApp(deps);
  const address = await app.listen({ port: env.PORT, host: env.HOST });
  console.log(`listening on ${address} (API at ${address}/api/v5/, dashboard at ${address}/, data in ${env.DATA_DIR})`);

  const stop = async () => {
    await app.close();
    await alerting.stop();
    store.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
