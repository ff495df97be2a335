import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_FIELDS } from '../../../../shared/telemetry';
import { startTestService, type TestService } from '../../../testing/harness';
import { batchFor, postBatch, registerTestServer } from '../../../testing/ingest';

const M = 1_700_002_800;
let svc: TestService;
let sid: number;

const minuteText = async (minute: number) => (await svc.sql.get<{ data: string }>('SELECT CAST(data AS TEXT) AS data FROM tm_process_minutes WHERE server_id = ? AND time = ?', sid, minute))!.data;
const identities = () => svc.sql.all('SELECT pid, name, args, first_seen, last_seen FROM tm_processes WHERE server_id = ? ORDER BY pid', sid);

/** The stored minute as a JSON object built key by key gives it: {"pid_ct": [values in PROCESS_FIELDS order]}. */
function expectedText(processes: Record<string, unknown>[]): string {
  const values: Record<string, unknown[]> = {};
  for (const p of processes) values[`${p.pid}_${p.create_time}`] = PROCESS_FIELDS.map((f) => p[f] ?? null);
  return JSON.stringify(values);
}

beforeAll(async () => {
  svc = await startTestService({}, () => M + 3600);
  sid = await registerTestServer(svc, 'sink');
});
afterAll(() => svc.close());

describe('process minutes and identities', () => {
  it('stores every process of a minute (more than one upsert statement holds) with its identity', async () => {
    const processes = Array.from({ length: 150 }, (_, i) => ({ pid: i, create_time: 5, name: `p${i}`, args: i % 2 ? null : `-n ${i}`, cpu: i / 3, memory: i * 1e6, flags: i % 3 ? undefined : 2 }));
    expect((await postBatch(svc, batchFor('sink', M, { processes }))).status).toBe(201);
    expect(await minuteText(M)).toBe(expectedText(processes));
    expect(await identities()).toHaveLength(150);
    expect((await identities())[3]).toEqual({ pid: 3, name: 'p3', args: null, first_seen: M, last_seen: M });
  });

  it('keeps a process given twice in its first place, with its last values and its first identity', async () => {
    const processes = [
      { pid: 1, create_time: 5, name: 'first', cpu: 1 },
      { pid: 900, create_time: 5, name: 'new', cpu: 2 },
      { pid: 1, create_time: 5, name: 'second', cpu: 3, memory: 4 },
    ];
    expect((await postBatch(svc, batchFor('sink', M + 60, { processes }))).status).toBe(201);
    expect(await minuteText(M + 60)).toBe(expectedText(processes));
    expect(JSON.parse(await minuteText(M + 60))).toEqual({ '1_5': [3, 4, ...new Array(14).fill(null)], '900_5': [2, ...new Array(15).fill(null)] });
    expect((await identities()).find((p) => (p as { pid: number }).pid === 900)).toMatchObject({ name: 'new', first_seen: M + 60 });
    expect((await identities()).find((p) => (p as { pid: number }).pid === 1)).toMatchObject({ name: 'p1', first_seen: M });
  });

  it('renames a known process when it is next written, and moves last_seen on', async () => {
    const processes = [{ pid: 1, create_time: 5, name: 'renamed', args: 'x' }];
    expect((await postBatch(svc, batchFor('sink', M + 900, { processes }))).status).toBe(201);
    expect((await identities()).find((p) => (p as { pid: number }).pid === 1)).toEqual({ pid: 1, name: 'renamed', args: 'x', first_seen: M, last_seen: M + 900 });
  });
});
