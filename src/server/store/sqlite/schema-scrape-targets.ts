import type { SchemaModule } from './migrations';

/**
 * Scrape targets (issue 20), as PostgreSQL's 0017_scrape_targets: where node_exporter answers, and
 * the state of the last scrape (its counters kept for the next one's rates).
 */
export const scrapeTargetsSchema: SchemaModule = {
  name: 'scrape-targets',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE scrape_targets (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  interval_s INTEGER NOT NULL,
  labels TEXT NOT NULL DEFAULT '{}',
  last_scrape INTEGER,
  last_error TEXT,
  server_id INTEGER,
  counters TEXT,
  created INTEGER NOT NULL
);
CREATE INDEX scrape_targets_account ON scrape_targets (account_id, id);
CREATE INDEX scrape_targets_due ON scrape_targets (last_scrape);
`,
    },
  ],
};
