// The service under benchmark, in its own process so its CPU time is measured apart from the load.
// argv: the data directory, then optionally a PostgreSQL URL (the store; SQLite in the directory without).
// The alert engine runs as in production (every new server gets the default alerts), so ingest pays
// for the evaluation queue and the lag from acknowledgement to evaluation can be measured.
import { join } from 'node:path';
import { startAlerting } from '../src/server/alerting/start';
import { buildApp } from '../src/server/app';
import { newEvents, systemNow } from '../src/server/deps';
import { createAccount } from '../src/server/services/accounts';
import { openPostgresStore } from '../src/server/store/postgres/open';
import { openSqliteStore } from '../src/server/store/sqlite/open';
import type { Store } from '../src/server/store/store';
import { sqliteSettings } from './serve-args';

const dir = process.argv[2]!;
const pgUrl = process.argv[3];
// As many connections as uploads in flight (bench/service.ts CONCURRENCY), as an operator would size it.
const store: Store = pgUrl ? (await openPostgresStore(pgUrl, { max: Number(process.env.PG_POOL_MAX ?? 16) })).store : openSqliteStore(join(dir, 'bench.sqlite'), sqliteSettings());
const acc = await createAccount(store, 'bench@example.com');
if (!acc.ok) throw new Error(acc.message);
// BENCH_ALERTS=0 measures ingest without any alert (no evaluation item is written then).
// Remote write (bench:peers' remote-write part) sends more series than the default per-account cap, and
// 16 writes in flight (as many as the PostgreSQL pool's connections, above) where the default lets 8 in.
const remoteWrite = { maxSeriesPerAccount: 5_000_000, maxInFlight: 16 };
const deps = { store, config: { dataDir: dir, defaultAlerts: process.env.BENCH_ALERTS !== '0', remoteWrite }, now: systemNow, events: newEvents() };
const lags: number[] = [];
// A store whose alert engine is not ported yet still queues evaluations at ingest; nothing drains them.
const engineWorks = await store.alertEngine.pendingEvaluations().then(() => true, () => false);
// BENCH_SMTP_URL: alert e-mails go to this SMTP server (the storm bench's loopback receiver).
const alerting = engineWorks ? startAlerting(deps, { smtpUrl: process.env.BENCH_SMTP_URL, onEvaluated: (ms) => lags.push(ms) }) : null;
const app = await buildApp(deps);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ address, email: acc.email, key: acc.api_key });

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;
process.on('message', (m) => {
  if (m === 'lag') {
    // Waits until every batch stored so far is evaluated, then answers the lags of those since the last ask.
    if (!alerting) return void process.send?.(null);
    void alerting.idle().then(() => {
      process.send?.({ n: lags.length, p50: pct(lags, 0.5), p99: pct(lags, 0.99), max: pct(lags, 1) });
      lags.length = 0;
    });
    return;
  }
  if (typeof m === 'object' && m !== null && 'compact' in m) {
    // What the compaction job does once an hour has closed: the hours before `compact` (bench:peers).
    void store.labelledSeries.compact(Number((m as { compact: unknown }).compact)).then((moved) => process.send?.({ moved }));
    return;
  }
  void Promise.resolve(alerting?.stop())
    .then(() => app.close())
    .then(() => store.close())
    .then(() => process.exit(0));
});
