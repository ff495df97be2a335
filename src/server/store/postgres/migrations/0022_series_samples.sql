-- Labelled series keep every sample (issue 20; SQLite: schema-labelled-series.ts version 3). Recent: a row per
-- account, block of 64 series ids and minute, its samples as float64 triples (series id, epoch ms,
-- value) in the order written (store/common/series-samples.ts); a write appends to the row. Partitioned
-- by day like the other minute tables. series_minutes is no longer written (expand: a replica of the
-- previous release still writes it during a rolling upgrade, and both are read); it goes with its days.
CREATE TABLE series_samples (
  account_id bigint NOT NULL,
  block bigint NOT NULL,
  minute bigint NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (account_id, block, minute)
) PARTITION BY RANGE (minute);
CREATE TABLE series_samples_default PARTITION OF series_samples DEFAULT;

-- Closed hours, compacted from series_samples by a job: a row per series and hour, float64 pairs
-- (epoch ms, value) in the order written.
CREATE TABLE series_chunks (
  account_id bigint NOT NULL,
  series_id bigint NOT NULL,
  hour bigint NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (account_id, series_id, hour)
) PARTITION BY RANGE (hour);
CREATE TABLE series_chunks_default PARTITION OF series_chunks DEFAULT;
