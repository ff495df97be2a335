-- Per-minute aggregates of StatsD buckets (SQLite: schema-buckets.ts). No foreign key to buckets (as on
-- SQLite): deleting a bucket removes its rows explicitly in the same transaction. Partitioned by day
-- like the other minute tables (see 0004_telemetry.sql); retention drops whole partitions.
CREATE TABLE bucket_minutes (
  account_id bigint NOT NULL,
  bucket_id bigint NOT NULL,
  time bigint NOT NULL,
  count bigint NOT NULL DEFAULT 0,
  sum double precision NOT NULL DEFAULT 0,
  min double precision,
  max double precision,
  last double precision,
  PRIMARY KEY (account_id, bucket_id, time)
) PARTITION BY RANGE (time);
CREATE TABLE bucket_minutes_default PARTITION OF bucket_minutes DEFAULT;
