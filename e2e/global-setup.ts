import { execFileSync } from 'node:child_process';
import { demoTarget, saveSeeded } from './fixtures/account';
import { seedFleet } from './fixtures/seed';

/** Drops the PostgreSQL database the config made for this run (its connections are ended first). */
function dropRunDatabase(): void {
  const url = new URL(process.env.E2E_DATABASE_URL!);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  execFileSync('psql', [url.toString(), '-qc', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
}

/**
 * Seeds the fleet through the real API once the service (started by webServer) answers; the teardown
 * drops the run's PostgreSQL database when the config made one.
 */
export default async function globalSetup(): Promise<(() => void) | undefined> {
  saveSeeded(await seedFleet(demoTarget(), 3, 90));
  return process.env.E2E_DROP_DATABASE === '1' ? dropRunDatabase : undefined;
}
