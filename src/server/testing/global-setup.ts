import { prepareTestTemplate } from '../store/test-store';

/** Vitest global setup: with STORE=postgres, builds the migrated template database once per run. */
export default async function setup(): Promise<void> {
  await prepareTestTemplate();
}
