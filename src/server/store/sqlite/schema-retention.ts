import type { SchemaModule } from './migrations';

/**
 * Per-account retention (issue 21): the days each category is kept, the whole setting stored at once
 * (NULL keeps that category forever); an account without a row follows the service's defaults.
 * Same as PostgreSQL's 0020.
 */
export const retentionSchema: SchemaModule = {
  name: 'retention',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE retention_settings (
  account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  minute_days INTEGER NOT NULL,
  hour_days INTEGER,
  day_days INTEGER,
  process_details_days INTEGER NOT NULL,
  logs_days INTEGER NOT NULL,
  traces_days INTEGER NOT NULL,
  alert_histories_days INTEGER,
  updated INTEGER NOT NULL
);
`,
    },
  ],
};
