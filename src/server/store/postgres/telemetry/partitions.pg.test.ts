import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '../../test-store';
import { batch as batchSchema } from '../../../../shared/ingest';
import { batchFor, registrationFor } from '../../../testing/ingest';
import type { Store } from '../../store';
import type { Pg } from '../db';
import { openPostgresStore } from '../open';
import { DROP_LOCK_WAIT_MS, partitionName } from '../partitions';

// PostgreSQL-only mechanism (day partitions of the telemetry minute tables), so it runs on a scratch
// database whichever store the suite runs on.
let scratch: Awaited<ReturnType<typeof createEmptyDatabase>>;

const DAY = 86_400;
const NOW = 1_700_006_400 + 12 * 3600; // noon of 2023-11-15 (UTC)
const TODAY = NOW - (NOW % DAY);
const KEEP = { minute: 30 * DAY, hour: null, day: null, batchIds: 8 * DAY };
let store: Store & { pg: Pg };
let a: number;
let s: number;

const partitionOf = async (table: string, time: number) =>
  (await store.pg.row<{ t: string }>(`SELECT tableoid::regclass::text AS t FROM ${table} WHERE server_id = $1 AND time = $2`, [s, time]))?.t;
const exists = async (name: string) => (await store.pg.row<{ r: string | null }>('SELECT to_regclass($1)::text AS r', [name]))?.r !== null;
const ingest = (minute: number) =>
  store.telemetry.ingest(a, s, batchSchema.parse(batchFor('part', minute, { processes: [{ pid: 1, create_time: 5, name: 'init', cpu: 1 }] })), NOW);
const minutes = async () => (await store.telemetry.serverMinuteSamples(a, s, 0, NOW + 30 * DAY)).map((m) => m.time);

beforeAll(async () => {
  scratch = await createEmptyDatabase('fwt_tmpart');
  store = (await openPostgresStore(scratch.url)).store;
  a = (await store.pg.row<{ id: number }>("INSERT INTO accounts (email, key_hash, created) VALUES ('p@example.com', 'x', 0) RETURNING id"))!.id;
  const r = await store.telemetry.register(a, registrationFor('part'), '10.0.0.1', NOW);
  if (r.kind !== 'ok') throw new Error('register failed');
  s = r.serverId;
});
afterAll(async () => {
  await store?.close();
  await scratch?.drop();
});

describe('day partitions of the telemetry minute tables', () => {
  it('are created ahead of time by the retention entry point', async () => {
    await store.telemetry.enforceRetention(NOW, KEEP);
    for (const table of ['tm_server_minutes', 'tm_process_minutes', 'tm_process_details', 'bucket_minutes']) {
      for (let d = 0; d <= 3; d++) expect(await exists(partitionName(table, TODAY + d * DAY))).toBe(true);
      expect(await exists(partitionName(table, TODAY + 4 * DAY))).toBe(false);
    }
  });

  it('take a batch for a day long past or not yet made: its partition is created on demand', async () => {
    const old = TODAY - 40 * DAY + 60;
    const later = TODAY + 10 * DAY + 120;
    expect(await ingest(old)).toBe(true);
    expect(await ingest(TODAY + 60)).toBe(true);
    expect(await ingest(later)).toBe(true);
    expect(await partitionOf('tm_server_minutes', old)).toBe(partitionName('tm_server_minutes', TODAY - 40 * DAY));
    expect(await partitionOf('tm_process_minutes', later)).toBe(partitionName('tm_process_minutes', TODAY + 10 * DAY));
    expect(await minutes()).toEqual([old, TODAY + 60, later]);
  });

  it('a row written where no day partition exists lands in the DEFAULT partition, not an error', async () => {
    const stray = TODAY - 20 * DAY;
    await store.pg.exec("INSERT INTO tm_server_minutes (account_id, server_id, time, data) VALUES ($1, $2, $3, '{}')", [a, s, stray]);
    expect(await partitionOf('tm_server_minutes', stray)).toBe('tm_server_minutes_default');
    await store.pg.exec('DELETE FROM tm_server_minutes WHERE server_id = $1 AND time = $2', [s, stray]);
  });

  it('retention drops the whole partition of a day past the minute retention and keeps the rest', async () => {
    const oldDay = partitionName('tm_server_minutes', TODAY - 40 * DAY);
    const removed = await store.telemetry.enforceRetention(NOW, KEEP);
    expect(removed).toBeGreaterThanOrEqual(2); // the old minute's server and process rows
    expect(await exists(oldDay)).toBe(false);
    expect(await exists(partitionName('tm_process_minutes', TODAY - 40 * DAY))).toBe(false);
    expect(await exists(partitionName('tm_server_minutes', TODAY))).toBe(true);
    expect(await minutes()).toEqual([TODAY + 60, TODAY + 10 * DAY + 120]);
    // The dropped day takes a late batch again (its partition is made anew).
    expect(await ingest(TODAY - 40 * DAY + 120)).toBe(true);
    expect(await minutes()).toEqual([TODAY - 40 * DAY + 120, TODAY + 60, TODAY + 10 * DAY + 120]);
  });
  it('a DROP behind another session\'s long read gives way within its lock wait, so writes go on; the next run drops it', async () => {
    const day = TODAY - 50 * DAY;
    expect(await ingest(day + 60)).toBe(true);
    const name = partitionName('tm_server_minutes', day);
    const reader = new pg.Client({ connectionString: scratch.url });
    const writer = new pg.Client({ connectionString: scratch.url });
    await Promise.all([reader.connect(), writer.connect()]);
    try {
      // A report's transaction that has read the table (ACCESS SHARE on it and its partitions until it ends).
      await reader.query('BEGIN');
      await reader.query('SELECT count(*) FROM tm_server_minutes');
      const started = Date.now();
      const retention = store.telemetry.enforceRetention(NOW, KEEP);
      // While the DROP waits it queues every later query of the table; once it gives way they pass.
      await new Promise((r) => setTimeout(r, 200));
      await writer.query("SET lock_timeout = '20s'");
      await writer.query("INSERT INTO tm_server_minutes (account_id, server_id, time, data) VALUES ($1, $2, $3, '{}')", [a, s, TODAY + 300]);
      const wroteAfter = Date.now() - started;
      await retention;
      const tookMs = Date.now() - started;
      expect(wroteAfter).toBeLessThan(DROP_LOCK_WAIT_MS * 4); // at most one DROP's wait per table, not the reader's whole transaction
      expect(tookMs).toBeLessThan(60_000);
      expect(await exists(name)).toBe(true); // left for the next run
    } finally {
      await reader.query('COMMIT');
      await Promise.all([reader.end(), writer.end()]);
    }
    await store.telemetry.enforceRetention(NOW, KEEP);
    expect(await exists(name)).toBe(false);
    expect(await minutes()).not.toContain(day + 60);
  });
});
