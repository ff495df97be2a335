import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { deliveryHost } from '../repos/outbox';
import { migrate } from './migrations';
import { alertingSchema } from './schema-alerting';
import { bucketsSchema } from './schema-buckets';
import { coreSchema } from './schema-core';
import { eventsSchema } from './schema-events';
import { idsSchema } from './schema-ids';
import { silencesSchema } from './schema-silences';
import { teamSchema } from './schema-team';
import { telemetrySchema } from './schema-telemetry';
import { usersSchema } from './schema-users';

const BEFORE = [coreSchema, alertingSchema, usersSchema, eventsSchema, telemetrySchema, bucketsSchema, teamSchema, idsSchema];
/** An empty database as openDb prepares it (migrations call delivery_host), before the modules run. */
function fresh(): Database.Database {
  const db = new Database(':memory:');
  db.function('delivery_host', { deterministic: true }, (url: unknown) => deliveryHost(String(url)));
  return db;
}
const columns = (db: Database.Database, table: string) => (db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);

describe("the 'silences' schema module", () => {
  it('adds the history flag and incident_events when absent', () => {
    const db = fresh();
    migrate(db, [...BEFORE, silencesSchema]);
    expect(columns(db, 'alert_histories')).toContain('silenced');
    expect(columns(db, 'incident_events')).toEqual(['id', 'account_id', 'history_id', 'kind', 'user_id', 'data', 'at']);
    expect(columns(db, 'callback_deliveries')).toContain('silenced');
  });

  it('leaves them alone when acknowledgement made them first', () => {
    const db = fresh();
    migrate(db, BEFORE);
    db.exec(`ALTER TABLE alert_histories ADD COLUMN silenced INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE incident_events (id INTEGER PRIMARY KEY AUTOINCREMENT, account_id INTEGER NOT NULL, history_id INTEGER NOT NULL,
        kind TEXT NOT NULL, user_id INTEGER, data TEXT NOT NULL DEFAULT '{}', at INTEGER NOT NULL, made_by_ack INTEGER)`);
    migrate(db, [...BEFORE, silencesSchema]);
    expect(columns(db, 'alert_histories').filter((c) => c === 'silenced')).toHaveLength(1);
    expect(columns(db, 'incident_events')).toContain('made_by_ack');
    expect(columns(db, 'silences')).toContain('alert_name');
  });
});
