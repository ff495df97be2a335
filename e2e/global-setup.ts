import { demoTarget, saveSeeded } from './fixtures/account';
import { databaseUrl, dropDatabase } from './fixtures/pg-database';
import { seedFleet } from './fixtures/seed';

/** Drops the PostgreSQL database the config made for this run (its connections are ended first). */
function dropRunDatabase(): Promise<void> {
  const url = process.env.E2E_DATABASE_URL!;
  return dropDatabase(databaseUrl(url, 'postgres'), new URL(url).pathname.slice(1));
}

/**
 * Seeds the fleet through the real API once the service (started by webServer) answers; the teardown
 * drops the run's PostgreSQL database when the config made one.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  saveSeeded(await seedFleet(demoTarget(), 3, 90));
  return process.env.E2E_DROP_DATABASE === '1' ? dropRunDatabase : undefined;
}
