import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PgPoolSettings } from './postgres/db';
import { openPostgresStore } from './postgres/open';
import { openSqliteStore } from './sqlite/open';
import type { Store } from './store';

/** Where the store lives; one factory chooses the backend from these settings. */
export interface StoreSettings {
  /** Directory of the embedded SQLite store (monitoring.sqlite), used when no database URL is set. */
  dataDir: string;
  /** postgres://user:pass@host:port/db: run on PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** PostgreSQL: the pool's size and lock wait (postgres/db.ts PgPoolSettings). */
  pg?: PgPoolSettings;
  /** SQLite: the write-ahead log's cap in bytes (default 64 MiB; sqlite/wal.ts). */
  walCapBytes?: number;
  /** SQLite: the page cache of its connection in bytes (sqlite/db.ts DEFAULT_CACHE_BYTES). */
  cacheBytes?: number;
}

/**
 * Opens the service's store: the one place that knows which backend runs. `created` is true when the
 * store was empty before (the first start, which makes the demo account).
 */
export async function openStore(s: StoreSettings): Promise<{ store: Store; created: boolean }> {
  if (s.databaseUrl) return openPostgresStore(s.databaseUrl, s.pg);
  mkdirSync(s.dataDir, { recursive: true });
  const file = join(s.dataDir, 'monitoring.sqlite');
  const created = !existsSync(file);
  return { store: openSqliteStore(file, { walCapBytes: s.walCapBytes, cacheBytes: s.cacheBytes }), created };
}
