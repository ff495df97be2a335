-- Recurring maintenance windows scoped by server tags and sets (issue 12). A plain window keeps rrule
-- and duration NULL; a recurring one keeps its until in "end" (no until: the far-future 9999-12-31,
-- as on SQLite), so "start <= t AND end + duration > t" finds the candidates of a minute.
ALTER TABLE maintenance_windows
  ADD COLUMN rrule text,
  ADD COLUMN duration integer,
  ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
CREATE INDEX maintenance_windows_start ON maintenance_windows (account_id, start);

CREATE TABLE maintenance_window_tags (
  account_id bigint NOT NULL,
  window_id bigint NOT NULL,
  tag_id bigint NOT NULL,
  PRIMARY KEY (account_id, window_id, tag_id),
  FOREIGN KEY (account_id, window_id) REFERENCES maintenance_windows (account_id, id) ON DELETE CASCADE,
  FOREIGN KEY (account_id, tag_id) REFERENCES server_tags (account_id, id) ON DELETE CASCADE
);
CREATE INDEX maintenance_window_tags_tag ON maintenance_window_tags (account_id, tag_id);

CREATE TABLE maintenance_window_sets (
  account_id bigint NOT NULL,
  window_id bigint NOT NULL,
  set_id bigint NOT NULL,
  PRIMARY KEY (account_id, window_id, set_id),
  FOREIGN KEY (account_id, window_id) REFERENCES maintenance_windows (account_id, id) ON DELETE CASCADE,
  FOREIGN KEY (account_id, set_id) REFERENCES server_sets (account_id, id) ON DELETE CASCADE
);
CREATE INDEX maintenance_window_sets_set ON maintenance_window_sets (account_id, set_id);
