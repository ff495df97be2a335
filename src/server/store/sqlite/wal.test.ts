import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchFor, registrationFor } from '../../testing/ingest';
import { callService, createAccountIn, startServiceProcess, type ServiceProcess } from '../../testing/service-process';

// The WAL of a real service process (main.ts, SQLite) under continuous ingest: the file is sampled
// every few milliseconds while 12 clients post minutes with 300 processes each, until the store has
// taken many times the cap. The cap here is 1 MiB (SQLITE_WAL_CAP_MB=1; 64 MiB by default); SQLite
// checkpoints every cap/4 of pages, so the file may pass the cap by at most one checkpoint's worth.
const CAP = 1024 * 1024;
const dataDir = mkdtempSync(join(tmpdir(), 'fw-wal-'));
const wal = join(dataDir, 'monitoring.sqlite-wal');
const db = join(dataDir, 'monitoring.sqlite');
let service: ServiceProcess | undefined;
let auth = '';

const size = (f: string) => {
  try {
    return statSync(f).size;
  } catch {
    return 0;
  }
};

beforeAll(async () => {
  auth = createAccountIn({ DATA_DIR: dataDir }, 'wal@example.com');
  service = await startServiceProcess({ DATA_DIR: dataDir, SQLITE_WAL_CAP_MB: '1', DEFAULT_ALERTS: '0' });
}, 60_000);
afterAll(async () => {
  await service?.crash();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the SQLite WAL under continuous ingest', () => {
  it('never grows past its cap plus one checkpoint, while the database grows many times the cap', async () => {
    const api = (method: string, path: string, body?: unknown) => callService(service!.base, auth, method, path, body);
    const CLIENTS = 12;
    for (let c = 0; c < CLIENTS; c++) expect((await api('POST', '/api/v5/collector/register', registrationFor(`wal-${c}`))).status).toBeLessThan(300);
    let max = 0;
    let samples = 0;
    const sampler = setInterval(() => {
      max = Math.max(max, size(wal));
      samples++;
    }, 5);
    const start = 1_700_000_000 - (1_700_000_000 % 60);
    const processes = Array.from({ length: 300 }, (_, i) => ({ pid: 100 + i, create_time: 5, name: `proc-${i}`, args: `--worker ${i} --queue q${i % 7}`, cpu: i % 13, memory: 1000 + i }));
    const dbBefore = size(db);
    try {
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, c) => {
          for (let m = 0; m < 25; m++) {
            const r = await api('POST', '/api/v5/collector/batches', batchFor(`wal-${c}`, start + m * 60, { processes }));
            expect(r.status).toBeLessThan(300);
            max = Math.max(max, size(wal));
          }
        }),
      );
    } finally {
      clearInterval(sampler);
    }
    const grown = size(db) + size(wal) - dbBefore;
    console.log(`WAL cap ${CAP} B: max WAL ${max} B over ${samples} samples; the database grew ${grown} B`);
    expect(grown).toBeGreaterThan(8 * CAP);
    expect(max).toBeGreaterThan(0);
    expect(max).toBeLessThanOrEqual(CAP + CAP / 4);
  }, 180_000);
});
