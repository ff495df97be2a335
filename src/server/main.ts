import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { transportHosts } from './alerting/notifier';
import { everyJob, startAlerting } from './alerting/start';
import { buildApp } from './app';
import { startCollector } from './collector/agent';
import { readEnv, storeSettings } from './config';
import { startDemoFleet } from './demo/fleet-runner';
import { scrapeJob } from './ingest/scraper';
import { newEvents, systemNow, type Deps } from './deps';
import { createAccount } from './services/accounts';
import { compactSeries } from './services/labelled-series';
import { startAutoDetection } from './services/auto-detection-job';
import { startRetention } from './services/retention';
import { runSingletons, workerId, type SingletonJob } from './services/singleton';
import { openStore } from './store/open';

const demoAccountFile = z.object({ email: z.string(), api_key: z.string() });

/**
 * Starts the service: store, demo account on first start, the alert path, HTTP; then the singleton
 * jobs under leases (Server Down checks, retention, auto-detection, the demo fleet and a collector for
 * this host, both feeding the demo account through the public API), and a clean shutdown. Any number
 * of these processes may share one store: each singleton runs in one of them at a time.
 */
async function main() {
  const env = readEnv();
  const { store, created: firstStart } = await openStore(storeSettings(env));
  const deps = {
    store,
    config: {
      dataDir: env.DATA_DIR,
      webDir: resolve('dist'),
      defaultAlerts: env.DEFAULT_ALERTS,
      mailHost: transportHosts({ smtpUrl: env.SMTP_URL }).email,
      trustProxy: env.TRUST_PROXY,
      metricsAllowNets: env.METRICS_ALLOW_NETS,
      outboundNets: { allow: env.CALLBACK_ALLOW_NETS, deny: env.CALLBACK_DENY_NETS },
      publicUrl: env.PUBLIC_URL ?? `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`,
    },
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

  const worker = workerId();
  const alerting = startAlerting(deps, {
    worker,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    smsWebhook: env.SMS_WEBHOOK_URL,
    pushWebhook: env.PUSH_WEBHOOK_URL,
    allowNets: env.CALLBACK_ALLOW_NETS,
    denyNets: env.CALLBACK_DENY_NETS,
    dispatcher: { timeoutMs: env.DELIVERY_TIMEOUT_MS },
    pagerDutyUrl: env.PAGERDUTY_EVENTS_URL,
    evaluator: { leaseMs: env.EVAL_LEASE_MS },
  });

  const app = await buildApp(deps);
  const address = await app.listen({ port: env.PORT, host: env.HOST });
  console.log(`listening on ${address} (API at ${address}/api/v5/, dashboard at ${address}/, data in ${env.DATA_DIR})`);

  // The demo fleet and the local collector talk to the service over loopback like any collector.
  const local = `http://127.0.0.1:${new URL(address).port}`;
  const demo = env.DEMO && existsSync(demoFile) ? demoAccountFile.safeParse(JSON.parse(readFileSync(demoFile, 'utf8'))) : null;
  // Jobs that must run in one process at a time among those sharing the store, each under a lease.
  const jobs: SingletonJob[] = [
    alerting.serverDownJob,
    alerting.externalAlertsJob,
    alerting.escalationJob,
    // node_exporter targets of every account, scraped into servers (docs/node-exporter.md).
    scrapeJob(deps),
    { name: 'retention', start: () => ({ stop: startRetention(deps) }) },
    // Closed hours of labelled series into a row per series and hour (docs/remote-write.md).
    everyJob('series-compaction', 60, () => compactSeries(store, deps.now())),
    { name: 'auto-detection', start: () => ({ stop: startAutoDetection(deps) }) },
  ];
  if (demo?.success) {
    const creds = { email: demo.data.email, key: demo.data.api_key };
    jobs.push({ name: 'demo-fleet', start: () => startDemo(creds) });
    if (env.LOCAL_COLLECTOR) {
      jobs.push({
        name: 'local-collector',
        start: () => {
          const collector = startCollector({ url: local, ...creds, stateDir: join(env.DATA_DIR, 'collector') });
          collector.ready.then(() => console.log('local collector: monitoring this host into the demo account'), () => undefined);
          return collector;
        },
      });
    }
  }
  const singletons = runSingletons(store.leases, worker, jobs);

  function startDemo(creds: { email: string; key: string }) {
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
    fleet.backfillDone.then(
      () => console.log(`demo fleet: history backfilled in ${Math.round((Date.now() - t0) / 1000)} s; streaming each minute`),
      (err: unknown) => console.error(`demo fleet stopped: ${err instanceof Error ? err.message : String(err)}`),
    );
    return fleet;
  }

  const stop = async () => {
    await singletons.stop();
    await app.close();
    await alerting.stop();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
