import type { SchemaModule } from './migrations';

/**
 * Labelled series (issue 20; PostgreSQL: 0019_labelled_series.sql). A series is an account's metric
 * name plus label set, identified by the fingerprint of the sorted labels; series_minutes folds its
 * samples per minute like bucket_minutes, with the latest sample's value and timestamp (last, last_ms)
 * read back by queries. No foreign key from minutes to series (the key leads with account_id).
 */
export const labelledSeriesSchema: SchemaModule = {
  name: 'labelled-series',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE labelled_series (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  fingerprint TEXT NOT NULL,
  name TEXT NOT NULL,
  labels TEXT NOT NULL,
  create_time INTEGER NOT NULL,
  last_updated INTEGER NOT NULL
);
CREATE UNIQUE INDEX labelled_series_fingerprint ON labelled_series (account_id, fingerprint);
CREATE INDEX labelled_series_name ON labelled_series (account_id, name);

CREATE TABLE series_minutes (
  account_id INTEGER NOT NULL,
  series_id INTEGER NOT NULL,
  time INTEGER NOT NULL,
  count INTEGER NOT NULL,
  sum REAL NOT NULL,
  min REAL,
  max REAL,
  last REAL,
  last_ms INTEGER NOT NULL,
  PRIMARY KEY (account_id, series_id, time)
) WITHOUT ROWID;
CREATE INDEX series_minutes_time ON series_minutes (time);
`,
    },
    {
      // The index on time cost a sixth of every remote-written sample's insert; retention deletes
      // series by series along the primary key instead (telemetry/retention.ts), and with a removed
      // series all of its minutes. Minutes whose series is already gone go now: nothing would reach
      // them any more, and SQLite may give their series id to a new series.
      version: 2,
      sql: `
DROP INDEX series_minutes_time;
DELETE FROM series_minutes WHERE NOT EXISTS (SELECT 1 FROM labelled_series s WHERE s.account_id = series_minutes.account_id AND s.id = series_minutes.series_id);
`,
    },
  ],
};
