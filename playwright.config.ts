import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { createDatabaseSync, databaseUrl } from './e2e/fixtures/pg-database';
import { mailboxFile } from './e2e/fixtures/mail';

// One service per run: built web app, the real service on a free port over a temporary DATA_DIR.
// The port and directory are chosen once and passed to the workers through the environment.
// The config must be synchronous, so the port is a random high one (a collision fails loudly at start).
const port = Number(process.env.E2E_PORT ?? 20_000 + Math.floor(Math.random() * 20_000));
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'fleetwatch-e2e-'));
// The run's mailbox: a loopback SMTP server the service sends its e-mail to (SMTP_URL), writing each
// message to DATA_DIR/mailbox.jsonl for the specs (e2e/fixtures/mail.ts). It is a webServer of its own,
// listed first, because webServers start before globalSetup and the service must find it listening.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1);
process.env.E2E_PORT = String(port);
process.env.E2E_SMTP_PORT = String(smtpPort);
process.env.E2E_DATA_DIR = dataDir;

// E2E_STORE=postgres runs the same journeys on PostgreSQL: a fresh database (made synchronously, as
// the config must be) on the test cluster of PG_TEST_URL.
function postgresDatabase(): string {
  const admin = process.env.PG_TEST_URL ?? 'postgres://fw:fw@127.0.0.1:5433/postgres';
  const name = `fw_e2e_${process.pid}_${Date.now()}`;
  createDatabaseSync(admin, name);
  return databaseUrl(admin, name);
}
if (process.env.E2E_STORE === 'postgres' && !process.env.E2E_DATABASE_URL) {
  process.env.E2E_DATABASE_URL = postgresDatabase();
  process.env.E2E_DROP_DATABASE = '1'; // made here, so dropped at the end (e2e/global-setup.ts)
}
const database: Record<string, string> = process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  // A spec's whole budget. The CI machine is shared and can run three times slower than a quiet one
  // (one CI run ran out of 60 s in chart-downloads, which takes 9 s on a quiet machine).
  timeout: 120_000,
  // An assertion's wait. Playwright's 5 s default ran out on the CI machine while the PostgreSQL run's
  // incident page loaded (its previous journey took 32 s there against 14 s on SQLite): a page that
  // never shows what is expected still fails, only later.
  expect: { timeout: 15_000 },
  workers: 1,
  reporter: [['list']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: [
    {
      command: `npx tsx e2e/fixtures/mail-sink.ts ${smtpPort} ${mailboxFile(dataDir)}`,
      port: smtpPort,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      // The web app and the service (dist-server/) are built first, unless npm test's e2e step built
      // them from this tree earlier in the same run (scripts/test.ts sets E2E_SKIP_BUILD=1 for the e2e-pg
      // step only then).
      command: `${process.env.E2E_SKIP_BUILD === '1' ? '' : 'npm run build && '}node --enable-source-maps dist-server/main.mjs`,
      url: `http://127.0.0.1:${port}/sign-in`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO: '1',
        // One day of the demo (about 2 minutes; the specs that need it wait for it): the journeys read
        // the last day, which always holds a restart of the worker app-04's process alert watches
        // (src/server/demo/crash-loop.test.ts). A second day only kept the service backfilling while the
        // journeys ran; seven would keep it busy for the whole run.
        DEMO_DAYS: '1',
        LOCAL_COLLECTOR: '0',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        // Channels and callbacks may reach the specs' loopback receivers (e2e/channels.spec.ts).
        CALLBACK_ALLOW_NETS: '127.0.0.0/8',
        ...database,
      },
    },
  ],
});
