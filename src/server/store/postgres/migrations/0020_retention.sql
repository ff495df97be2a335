-- Per-account retention (issue 21): the days each category is kept, the whole setting stored at once
-- (NULL keeps that category forever); an account without a row follows the service's defaults.
-- Same as SQLite's module 'retention'.
CREATE TABLE retention_settings (
  account_id bigint PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  minute_days integer NOT NULL,
  hour_days integer,
  day_days integer,
  process_details_days integer NOT NULL,
  logs_days integer NOT NULL,
  traces_days integer NOT NULL,
  alert_histories_days integer,
  updated bigint NOT NULL
);
