import type { SchemaModule } from './migrations';

/**
 * On-call schedules (issue 19), as PostgreSQL's 0013_schedules: a schedule with its rotations as JSON
 * (read whole by the pure resolution in shared/schedule-shifts.ts) and its overrides as rows, so that
 * one override is added or removed alone and a deleted user's overrides go by a plain DELETE.
 */
export const schedulesSchema: SchemaModule = {
  name: 'schedules',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE schedules (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  time_zone TEXT NOT NULL,
  rotations TEXT NOT NULL DEFAULT '[]',
  created INTEGER NOT NULL
);
CREATE INDEX schedules_account ON schedules (account_id, id);
CREATE TABLE schedule_overrides (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  schedule_id INTEGER NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL,
  start INTEGER NOT NULL,
  "end" INTEGER NOT NULL,
  created_by INTEGER,
  created INTEGER NOT NULL
);
CREATE INDEX schedule_overrides_schedule ON schedule_overrides (account_id, schedule_id, id);
CREATE INDEX schedule_overrides_user ON schedule_overrides (account_id, user_id);
`,
    },
  ],
};
