import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '../test-store';
import { migrationFiles } from './migrate';

/**
 * 0009_silences creates the history's silenced flag and incident_events only when absent: whichever
 * of it and acknowledgement's migration runs first, the other must not fail nor change them (here
 * acknowledgement's 0008 runs first, as on every new database).
 */
let db: Awaited<ReturnType<typeof createEmptyDatabase>>;
let client: pg.Client;
beforeAll(async () => {
  db = await createEmptyDatabase('fw_sil');
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
  for (const m of migrationFiles().filter((f) => f.version < 9)) await client.query(m.sql);
});
afterAll(async () => {
  await client?.end();
  await db?.drop();
});

const columns = async (table: string) =>
  (await client.query<{ name: string }>('SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum', [table])).rows.map(
    (r) => r.name,
  );

describe('0009_silences', () => {
  it('leaves the shared columns alone when acknowledgement made them first', async () => {
    // 0008_incident_response (applied above) made them first.
    expect(await columns('incident_events')).toContain('kind');
    await client.query(migrationFiles().find((f) => f.version === 9)!.sql);
    expect((await columns('alert_histories')).filter((c) => c === 'silenced')).toHaveLength(1);
    expect(await columns('silences')).toContain('alert_name');
    expect(await columns('callback_deliveries')).toContain('silenced');
  });
});
