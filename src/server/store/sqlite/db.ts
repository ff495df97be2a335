import Database from 'better-sqlite3';
import { deliveryHost } from '../repos/outbox';
import { migrate, type SchemaModule } from './migrations';
import { alertingSchema } from './schema-alerting';
import { breachingServersSchema } from './schema-breaching-servers';
import { channelsSchema } from './schema-channels';
import { bucketsSchema } from './schema-buckets';
import { coreSchema } from './schema-core';
import { escalationSchema } from './schema-escalation';
import { externalEscalationSchema } from './schema-external-escalation';
import { eventsSchema } from './schema-events';
import { externalAlertsSchema } from './schema-external-alerts';
import { scrapeTargetsSchema } from './schema-scrape-targets';
import { labelledSeriesSchema } from './schema-labelled-series';
import { idsSchema } from './schema-ids';
import { incidentResponseSchema } from './schema-incident-response';
import { notificationGroupingSchema } from './schema-notification-grouping';
import { invitationsSchema } from './schema-invitations';
import { schedulesSchema } from './schema-schedules';
import { silencesSchema } from './schema-silences';
import { telemetrySchema } from './schema-telemetry';
import { teamSchema } from './schema-team';
import { usersSchema } from './schema-users';
import { retentionSchema } from './schema-retention';
import { webhookEventsSchema } from './schema-webhook-events';
import { engineVersionsSchema } from './schema-engine-versions';
import { listVersionsSchema } from './schema-list-versions';
import { signInVersionsSchema } from './schema-sign-in-versions';
import { DEFAULT_WAL_CAP_BYTES, limitWal, prepareAutoVacuum } from './wal';

export type Db = Database.Database;

/** Every module's schema, applied in this order at open (ids rebuilds the tables before it; modules after it make their tables with AUTOINCREMENT ids and alter the others' after their rebuild). */
const MODULES: SchemaModule[] = [
  coreSchema,
  alertingSchema,
  usersSchema,
  eventsSchema,
  telemetrySchema,
  bucketsSchema,
  teamSchema,
  idsSchema,
  incidentResponseSchema,
  silencesSchema,
  notificationGroupingSchema,
  breachingServersSchema,
  invitationsSchema,
  schedulesSchema,
  channelsSchema,
  externalAlertsSchema,
  escalationSchema,
  externalEscalationSchema,
  scrapeTargetsSchema,
  labelledSeriesSchema,
  retentionSchema,
  webhookEventsSchema,
  engineVersionsSchema,
  listVersionsSchema,
  signInVersionsSchema,
];

/** Default size of the connection's page cache (SQLITE_CACHE_MB; docs/operations.md says what 16 MiB did). */
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/** Sizes a connection's page cache to `bytes` (at least 1 KiB); the bench's raw baseline takes the same. */
export function setCacheSize(db: Database.Database, bytes = DEFAULT_CACHE_BYTES): void {
  db.pragma(`cache_size = ${-Math.max(1, Math.round(bytes / 1024))}`);
}

/**
 * Opens (creating if needed) the SQLite file in WAL mode with foreign keys on, and migrates it.
 * busy_timeout lets the account CLI write while the service runs. Incremental auto-vacuum and the
 * WAL's cap (`walCapBytes`): wal.ts. `cacheBytes` sizes SQLite's page cache of the connection.
 */
export function openDb(file: string, walCapBytes = DEFAULT_WAL_CAP_BYTES, cacheBytes = DEFAULT_CACHE_BYTES): Db {
  const db = new Database(file);
  prepareAutoVacuum(db, file);
  db.pragma('journal_mode = WAL');
  limitWal(db, walCapBytes);
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  setCacheSize(db, cacheBytes);
  // Deterministic, so SQLite may evaluate it once per row; migrations use it too.
  db.function('delivery_host', { deterministic: true }, (url: unknown) => deliveryHost(String(url)));
  migrate(db, MODULES);
  return db;
}
