import Database from 'better-sqlite3';
import { migrate, type SchemaModule } from './migrations';
import { alertingSchema } from './schema-alerting';
import { bucketsSchema } from './schema-buckets';
import { coreSchema } from './schema-core';
import { eventsSchema } from './schema-events';
import { telemetrySchema } from './schema-telemetry';
import { teamSchema } from './schema-team';
import { usersSchema } from './schema-users';

export type Db = Database.Database;

/** Every module's schema, applied in this order at open. */
const MODULES: SchemaModule[] = [coreSchema, alertingSchema, usersSchema, eventsSchema, telemetrySchema, bucketsSchema, teamSchema];

/**
 * Opens (creating if needed) the SQLite file in WAL mode with foreign keys on, and migrates it.
 * busy_timeout lets the account CLI write while the service runs.
 */
export function openDb(file: string): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -65536');
  migrate(db, MODULES);
  return db;
}
