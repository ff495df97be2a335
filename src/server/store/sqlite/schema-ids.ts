import { makeIdsAutoincrement, type SchemaModule } from './migrations';

/**
 * Tables whose ids name a resource in the API, an alert history or a delivery. A plain SQLite rowid
 * hands the highest id out again once its row is deleted, so a deleted alert's open history would
 * point at the next alert created; AUTOINCREMENT never reuses an id.
 */
const RESOURCE_TABLES = [
  'accounts',
  'users',
  'servers',
  'server_tags',
  'server_sets',
  'maintenance_windows',
  'logs',
  'buckets',
  'polled_data',
  'applications',
  'alerts',
  'alert_histories',
  'callback_deliveries',
  'notifications',
];

/** Runs after every other module has created its tables (last in db.ts's MODULES). */
export const idsSchema: SchemaModule = {
  name: 'ids',
  migrations: [
    {
      version: 1,
      foreignKeysOff: true,
      run: (db) => {
        // Legacy renames leave other tables' triggers alone: while one table is being swapped for its
        // copy, a trigger naming it must not be re-checked against a schema without it.
        db.pragma('legacy_alter_table = ON');
        try {
          for (const t of RESOURCE_TABLES) makeIdsAutoincrement(db, t);
        } finally {
          db.pragma('legacy_alter_table = OFF');
        }
      },
    },
  ],
};
