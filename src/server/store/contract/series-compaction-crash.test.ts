import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../services/accounts';
import { until } from '../../testing/until';
import type { SeriesSampleRecord } from '../repos/labelled-series';
import { openTestStore, type TestStore } from '../test-store';

// The compaction job SIGKILLed mid-way, as a host dying during the hourly job would leave it: a
// process of its own (testing/compact-child.ts) moves a closed hour of many series into chunks, and is
// killed once some chunks are committed and before it is done. Every sample must then be read exactly
// once (none lost between the tiers, none in both), and a later run finishes the hour.
const SERIES = 10_000;
/** Trials: at least two, and more (up to six) until a kill has landed mid-way (a loaded machine can miss the window). */
const [MIN_TRIALS, MAX_TRIALS] = [2, 6];

let dir: string;
let ts: TestStore;
let account: number;
const base = Math.floor(Date.now() / 3_600_000) * 3600 - 10 * 3600;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fw-compaction-crash-'));
  ts = await openTestStore(dir);
  const acc = await createAccount(ts.store, 'compaction-crash@example.com');
  if (!acc.ok) throw new Error(acc.message);
  account = (await ts.store.accounts.findByEmail('compaction-crash@example.com'))!.id;
}, 60_000);
afterAll(async () => {
  await ts?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Writes an hour of minutes for SERIES series (ids answered) and gives what was written, by key. */
async function writeHour(hour: number, t: number): Promise<{ ids: number[]; written: Map<string, number> }> {
  const written = new Map<string, number>();
  let ids: number[] = [];
  for (let m = 0; m < 60; m++) {
    const ms = (hour + m * 60) * 1000 + 250;
    const series = Array.from({ length: SERIES }, (_, s) => ({ fingerprint: `crash-${t}-${s}`, name: 'crash', labels: { t: String(t), s: String(s) }, ms: [ms], values: [s + m / 100] }));
    const out = await ts.store.labelledSeries.write(account, series, 1_000_000, hour + m * 60);
    if (!('ids' in out)) throw new Error(`write refused: ${JSON.stringify(out)}`);
    ids = out.ids;
    ids.forEach((id, s) => written.set(`${id}/${ms}`, s + m / 100));
  }
  return { ids, written };
}

/** What a read answers that differs from what was written: samples missing, read twice, or of another value. */
function differences(samples: readonly SeriesSampleRecord[], written: ReadonlyMap<string, number>): string[] {
  const seen = new Set<string>();
  const wrong: string[] = [];
  for (const x of samples) {
    const key = `${x.seriesId}/${x.ms}`;
    if (seen.has(key)) wrong.push(`${key} read twice`);
    else if (written.get(key) !== x.value) wrong.push(`${key} read as ${x.value}, written as ${written.get(key)}`);
    seen.add(key);
  }
  for (const key of written.keys()) if (!seen.has(key)) wrong.push(`${key} missing`);
  return wrong.slice(0, 10);
}

const count = async (sql: string, ...params: unknown[]) => Number((await ts.sql.get<{ n: number | string }>(sql, ...params))!.n);

describe('series compaction across SIGKILL', () => {
  it(`loses and doubles no sample when the job is killed mid-way (trials of ${SERIES} series x 60 minutes)`, async () => {
    let midway = 0;
    for (let t = 0; t < MAX_TRIALS && (t < MIN_TRIALS || midway === 0); t++) {
      const hour = base + t * 3600;
      const { ids, written } = await writeHour(hour, t);
      const chunks = () => count('SELECT COUNT(*) AS n FROM series_chunks WHERE account_id = ? AND hour = ?', account, hour);
      const recent = () => count('SELECT COUNT(*) AS n FROM series_samples WHERE account_id = ? AND minute >= ? AND minute < ?', account, hour, hour + 3600);
      expect(await chunks()).toBe(0);

      const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', '..', 'testing', 'compact-child.ts'), JSON.stringify(ts.env), String(hour + 3600)], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const exited = new Promise<void>((res) => child.once('exit', () => res()));
      // Killed as soon as a first transaction of chunks is committed (or when it is done, if it is quicker).
      await until(async () => out.includes('done') || (await chunks()) > 0, { ms: 60_000, every: 2, what: `a first committed chunk (child said: ${out})` });
      child.kill('SIGKILL');
      await exited;
      const [leftChunks, leftRecent] = [await chunks(), await recent()];
      if (leftChunks > 0 && leftRecent > 0) midway++;

      const read = async () => differences(await ts.store.labelledSeries.samples(account, ids, hour * 1000, (hour + 3600) * 1000 - 1), written);
      expect(await read(), `trial ${t}: after the kill (${leftChunks} chunks, ${leftRecent} recent rows left)`).toEqual([]);

      // The next run finishes the hour: every sample in a chunk, none left in recent rows, the same answer.
      await ts.store.labelledSeries.compact(hour + 3600);
      expect(await recent()).toBe(0);
      expect(await chunks()).toBe(SERIES);
      expect(await read(), `trial ${t}: after the next run`).toEqual([]);
    }
    expect(midway, 'at least one kill landed between two committed transactions of the job').toBeGreaterThan(0);
  }, 300_000);
});
