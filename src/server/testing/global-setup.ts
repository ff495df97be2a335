import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildServer } from '../../../scripts/build-server';
import { prepareTestTemplate } from '../store/test-store';

/**
 * Vitest global setup: with STORE=postgres, builds the migrated template database once per run; on
 * either store, bundles the service as `npm run build` does, for the tests that start it as a process
 * (testing/service-process.ts; FW_TEST_SERVICE names the bundle). It is this run's own, under
 * node_modules/.cache (where the bundle finds the packages), so two runs at once never share one. The
 * quick run (TEST_SCOPE=quick) starts no service process, so it makes none.
 */
export default async function setup(): Promise<(() => void) | undefined> {
  await prepareTestTemplate();
  if (process.env.TEST_SCOPE === 'quick') return undefined;
  const cache = join('node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'fleetwatch-service-'));
  process.env.FW_TEST_SERVICE = resolve(await buildServer(dir));
  return () => rmSync(dir, { recursive: true, force: true });
}
