import { demoTarget, saveSeeded } from './fixtures/account';
import { seedFleet } from './fixtures/seed';

/** Seeds the fleet through the real API once the service (started by webServer) answers. */
export default async function globalSetup(): Promise<void> {
  saveSeeded(await seedFleet(demoTarget(), 3, 90));
}
