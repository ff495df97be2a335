import { makeIdsAutoincrement, type SchemaModule } from './migrations';

/**
 * Labelled series (issue 20; PostgreSQL: 0019_labelled_series.sql). A series is an account's metric
 * name plus label set, identified by the fingerprint of the sorted labels; series_minutes folds its
 * samples per minute like bucket_minutes, with the latest sample's value and timestamp (last, last_ms)
 * read back by queries. No foreign key from minutes to series (the key leads with account_id).
 * Since version 3 every sample is kept (store/common/series-samples.ts): recent ones in series_samples,
 * a row per minute and block of series ids (time first: a write's rows are neighbours, so its commit
 * writes a few pages, not one per block), and closed hours in series_chunks, a row per series and hour
 * (hour first too: a compaction appends its rows; a read of a day seeks 24 hours). series_minutes is no longer written; what it holds is still read and trimmed by retention.
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
      {
      // Every sample kept; series ids never reused (AUTOINCREMENT), as a recent row holds samples of 256
      // series and a removed series' samples there stay until their minute is compacted or ages out.
      // Rowid tables (their primary key an index beside the rows): a row of a few KB stays on its page
      // (a WITHOUT ROWID row past about 1 KB spills to overflow pages; inserts cost a third more,
      // compaction's takes two thirds). The declared key is what migrate-store copies in order.
      version: 3,
      foreignKeysOff: true,
      sql: `
CREATE TABLE series_samples (
  account_id INTEGER NOT NULL,
  block INTEGER NOT NULL,
  minute INTEGER NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (account_id, minute, block)
);
CREATE TABLE series_chunks (
  account_id INTEGER NOT NULL,
  series_id INTEGER NOT NULL,
  hour INTEGER NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (account_id, hour, series_id)
);
`,
      run: (db) => {
        db.pragma('legacy_alter_table = ON');
        try {
          makeIdsAutoincrement(db, 'labelled_series');
        } finally {
          db.pragma('legacy_alter_table = OFF');
        }
      },
    },
  ],
};
