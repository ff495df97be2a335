import type { SchemaModule } from './migrations';

/**
 * Per-minute aggregates of StatsD buckets (beyond the spec, so buckets can be charted). No foreign
 * key to buckets: the key leads with account_id, and a cascade would scan; deletes remove the rows
 * explicitly in the same transaction.
 */
export const bucketsSchema: SchemaModule = {
  name: 'buckets',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE bucket_minutes (
  account_id INTEGER NOT NULL,
  bucket_id INTEGER NOT NULL,
  time INTEGER NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  sum REAL NOT NULL DEFAULT 0,
  min REAL,
  max REAL,
  last REAL,
  PRIMARY KEY (account_id, bucket_id, time)
) WITHOUT ROWID;
`,
    },
    {
      // Bucket types are time, counter or gauge (spec); StatsD sets are now kept as gauges of their
      // distinct members, so buckets stored as "set" before that read as gauges too.
      version: 2,
      sql: `UPDATE buckets SET type = 'gauge' WHERE type = 'set';`,
    },
  ],
};
