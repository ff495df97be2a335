import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toColumns } from '../../shared/batch-columns';
import type { ProcessSample } from '../../shared/ingest';
import { PROCESS_FIELDS } from '../../shared/telemetry';
import { startTestService, type TestService } from '../testing/harness';
import { batchFor, postBatch, registerTestServer } from '../testing/ingest';

// The same processes uploaded as a list of records and as columns (docs/collector.md) store the same rows
// and get the same answers; columns that do not line up are a 400 and store nothing.
const E = 1_700_000_040;
let svc: TestService;
let asList: number;
let asColumns: number;

beforeAll(async () => {
  svc = await startTestService({}, () => E + 3600);
  asList = await registerTestServer(svc, 'g-list');
  asColumns = await registerTestServer(svc, 'g-cols');
  await registerTestServer(svc, 'g-cols', svc.other);
});
afterAll(() => svc.close());

const procs = (minute: number): ProcessSample[] => [
  { pid: 1, create_time: 10, name: 'nginx', args: '-g daemon off', ...Object.fromEntries(PROCESS_FIELDS.map((f, i) => [f, i + minute / 60 + 0.25])) } as ProcessSample,
  { pid: 2, create_time: 20, name: 'sshd', args: null, cpu: 0.5, memory: 1e6 },
  { pid: 3, create_time: 30, name: 'cron', args: null },
];
const ORDER: Record<string, string> = { tm_process_minutes: 'time', tm_server_minutes: 'time', tm_processes: 'pid, create_time' };
const rows = async (table: string, sid: number) =>
  (await svc.sql.all<Record<string, unknown>>(`SELECT * FROM ${table} WHERE account_id = ? AND server_id = ? ORDER BY ${ORDER[table]}`, svc.account.id, sid)).map(
    ({ account_id: _a, server_id: _s, ...rest }) => rest,
  );

describe('processes uploaded as columns', () => {
  it('store what the same processes as a list store, minute after minute', async () => {
    for (const minute of [E, E + 60, E + 3600]) {
      const list = await postBatch(svc, batchFor('g-list', minute, { processes: procs(minute) }));
      const cols = await postBatch(svc, { ...batchFor('g-cols', minute), processes: toColumns(procs(minute)) });
      expect(list).toMatchObject({ status: 201, body: { stored: true, server_id: asList } });
      expect(cols).toMatchObject({ status: 201, body: { stored: true, server_id: asColumns } });
    }
    for (const table of ['tm_process_minutes', 'tm_processes', 'tm_server_minutes']) {
      const got = await rows(table, asColumns);
      expect(got.length).toBeGreaterThan(0);
      expect(got).toEqual(await rows(table, asList));
    }
    const list = await svc.request('GET', `/api/servers/${asList}/processes/`);
    const cols = await svc.request('GET', `/api/servers/${asColumns}/processes/`);
    const strip = (b: { data: Record<string, unknown>[] }) => b.data.map(({ uid: _u, server_id: _s, ...rest }) => rest);
    expect(cols.status).toBe(200);
    expect(strip(cols.body)).toHaveLength(3);
    expect(strip(cols.body)).toEqual(strip(list.body));
    // The other account's server of the same guid got nothing.
    expect(await svc.sql.get('SELECT 1 FROM tm_process_minutes WHERE account_id = ?', svc.other.id)).toBeUndefined();
  });

  it('answers a replay as a list would (200, stored false), gzip-encoded too', async () => {
    const r = await postBatch(svc, { ...batchFor('g-cols', E), processes: toColumns(procs(E)) }, { gzip: true });
    expect(r).toEqual({ status: 200, body: { stored: false, server_id: asColumns } });
  });

  it.each([
    ['a column shorter than pid', { cpu: [1] }, 'processes.cpu has 1 values where pid has 3'],
    ['a number as text', { memory: [1, '2', 3] }, undefined],
    ['no name column', { name: undefined }, undefined],
  ])('refuses %s with 400 on processes, nothing stored', async (_name, change, message) => {
    const before = await rows('tm_process_minutes', asColumns);
    const r = await postBatch(svc, { ...batchFor('g-cols', E + 120), processes: { ...toColumns(procs(E)), ...change } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ status: 400, field: 'processes', ...(message ? { message } : {}) });
    expect(await rows('tm_process_minutes', asColumns)).toEqual(before);
    expect(await svc.sql.get('SELECT 1 FROM tm_batches WHERE account_id = ? AND batch_id = ?', svc.account.id, `g-cols-${E + 120}`)).toBeUndefined();
  });
});
