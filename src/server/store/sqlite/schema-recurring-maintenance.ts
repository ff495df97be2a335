import type { Migration } from './migrations';

/**
 * Core step 4 (issue 12): recurring maintenance windows scoped by server tags and sets. A plain window
 * keeps rrule and duration NULL; a recurring one keeps its until in "end" (no until: 9999-12-31), so
 * "start <= t AND end + duration > t" finds the candidates of a minute. Same as PostgreSQL's 0007.
 */
export const recurringMaintenanceStep: Migration = {
  version: 4,
  sql: `
ALTER TABLE maintenance_windows ADD COLUMN rrule TEXT;
ALTER TABLE maintenance_windows ADD COLUMN duration INTEGER;
ALTER TABLE maintenance_windows ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';
CREATE INDEX maintenance_windows_start ON maintenance_windows (account_id, start);
CREATE TABLE maintenance_window_tags (
  account_id INTEGER NOT NULL,
  window_id INTEGER NOT NULL REFERENCES maintenance_windows(id) ON DELETE CASCADE,
  tag_id INTEGER NOT NULL REFERENCES server_tags(id) ON DELETE CASCADE,
  PRIMARY KEY (account_id, window_id, tag_id)
);
CREATE INDEX maintenance_window_tags_tag ON maintenance_window_tags (account_id, tag_id);
CREATE TABLE maintenance_window_sets (
  account_id INTEGER NOT NULL,
  window_id INTEGER NOT NULL REFERENCES maintenance_windows(id) ON DELETE CASCADE,
  set_id INTEGER NOT NULL REFERENCES server_sets(id) ON DELETE CASCADE,
  PRIMARY KEY (account_id, window_id, set_id)
);
CREATE INDEX maintenance_window_sets_set ON maintenance_window_sets (account_id, set_id);
`,
};
