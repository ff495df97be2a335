import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestStore, type TestStore } from '../store/test-store';
import type { Store } from '../store/store';
import { until } from '../testing/until';
import { runSingletons, type SingletonJob } from './singleton';

let dir: string;
let ts: TestStore;
let store: Store;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lease-'));
  ts = await openTestStore(dir);
  store = ts.store;
});
afterEach(async () => {
  await ts.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A job that records which holder runs it. */
const job = (name: string, log: string[], who: string): SingletonJob => ({
  name,
  start: () => {
    log.push(`${who} start`);
    return { stop: () => log.push(`${who} stop`) };
  },
});

describe('leases', () => {
  it('give a lease to one holder at a time; another takes it only once it expires or is released', async () => {
    const l = store.leases;
    expect(await l.acquire('x', 'a', 1000, 0)).toBe(true);
    expect(await l.acquire('x', 'b', 1000, 500)).toBe(false);
    expect(await l.acquire('x', 'a', 1000, 900)).toBe(true); // renewed until 1900
    expect(await l.acquire('x', 'b', 1000, 1800)).toBe(false);
    expect(await l.acquire('x', 'b', 1000, 2000)).toBe(true);
    expect(await l.holder('x', 2100)).toBe('b');
    await l.release('x', 'a'); // not a's to release
    expect(await l.holder('x', 2100)).toBe('b');
    await l.release('x', 'b');
    expect(await l.holder('x', 2100)).toBeNull();
  });

  it('run a job in one of two processes; when its holder stops renewing, the other starts it after the ttl', async () => {
    const log: string[] = [];
    const a = runSingletons(store.leases, 'a', [job('j', log, 'a')], { ttlMs: 300, everyMs: 50 });
    await a.ready();
    const b = runSingletons(store.leases, 'b', [job('j', log, 'b')], { ttlMs: 300, everyMs: 50 });
    await until(() => b.rounds() >= 3); // b has tried three times while a renews
    expect(log).toEqual(['a start']);
    expect(b.held()).toEqual([]);
    await a.stop(); // releases: b takes over at its next try
    await until(() => log.includes('b start'), 2000);
    expect(log).toEqual(['a start', 'a stop', 'b start']);
    await b.stop();
  });
});
