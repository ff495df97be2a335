import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteStore } from './sqlite/open';
import type { Store } from './store';

/** Where the store lives; more backends add their settings here (one factory chooses). */
export interface StoreSettings {
  /** Directory of the embedded SQLite store (monitoring.sqlite). */
  dataDir: string;
}

/**
 * Opens the service's store: the one place that knows which backend runs. `created` is true when the
 * store was empty before (the first start, which makes the demo account).
 */
export function openStore(s: StoreSettings): { store: Store; created: boolean } {
  mkdirSync(s.dataDir, { recursive: true });
  const file = join(s.dataDir, 'monitoring.sqlite');
  const created = !existsSync(file);
  return { store: openSqliteStore(file), created };
}
