import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { startAlerting } from './alerting/start';
import { buildApp } from './app';
import { startCollector } from './collector/agent';
import { readEnv } from './config';
import { startDemoFleet } from './demo/fleet-runner';
import { newEvents, systemNow, type Deps } from './deps';
import { createAccount } from './services/accounts';
import { startAutoDetection } from './services/auto-detection-job';
import { startRetention } from './services/retention';
import { openSqliteStore } from './store/sqlite/open';

const demoAccountFile = z.object({ email: z.string(), api_key: z.string() });

/**
 * Starts the service: store, demo account on first start, alert engine, retention, HTTP; then the
 * demo fleet and a collector for this host (both feed the demo account through the public API), and
 * a clean shutdown.
 */
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

  const demoFile = join(env.DATA_DIR, 'demo-account.json');
  if (firstStart && env.DEMO) {
    const demo = await createAccount(store, 'demo@example.com');
    if (demo.ok) {
      writeFileSync(demoFile, JSON.stringify({ email: demo.email, api_key: demo.api_key }, null, 2) + '\n', { mode: 0o600 });
      console.log(`demo account: email=${demo.email} api_key=${demo.api_key} (saved in ${demoFile})`);
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
  const stopRetention = startRetention(deps);
  const stopDetection = startAutoDetection(deps);

  const app = await buildApp(deps);
  const address = await app.listen({ port: env.PORT, host: env.HOST });
  console.log(`listening on ${address} (API at ${address}/api/v5/, dashboard at ${address}/, data in ${env.DATA_DIR})`);

  // The demo fleet and the local collector talk to the service over loopback like any collector.
  const local = `http://127.0.0.1:${new URL(address).port}`;
  const demo = env.DEMO && existsSync(demoFile) ? demoAccountFile.safeParse(JSON.parse(readFileSync(demoFile, 'utf8'))) : null;
  const feeders: { stop(): Promise<unknown> }[] = [];
  if (demo?.success) {
    const creds = { email: demo.data.email, key: demo.data.api_key };
    const t0 = Date.now();
    let reported = 0;
    const fleet = startDemoFleet({
      baseUrl: local,
      ...creds,
      days: env.DEMO_DAYS,
      servers: env.DEMO_SERVERS,
      onProgress: (p) => {
        if (p.phase === 'backfill' && p.total && p.sent - reported >= p.total / 10) {
          reported = p.sent;
          console.log(`demo fleet: backfill ${Math.round((100 * p.sent) / p.total)}%`);
        }
        if (p.phase === 'error') console.error(`demo fleet: ${p.message ?? 'error'}`);
      },
    });
    feeders.push(fleet);
    fleet.backfillDone.then(
      () => console.log(`demo fleet: history backfilled in ${Math.round((Date.now() - t0) / 1000)} s; streaming each minute`),
      (err: unknown) => console.error(`demo fleet stopped: ${err instanceof Error ? err.message : String(err)}`),
    );
    if (env.LOCAL_COLLECTOR) {
      const collector = startCollector({ url: local, ...creds, stateDir: join(env.DATA_DIR, 'collector') });
      feeders.push(collector);
      collector.ready.then(() => console.log('local collector: monitoring this host into the demo account'), () => undefined);
    }
  }

  const stop = async () => {
    await Promise.allSettled(feeders.map((f) => f.stop()));
    await app.close();
    stopRetention();
    stopDetection();
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
