// Micro-benchmark (in process) of POST /api/v1/write as bench:peers' remote-write part sends it: one
// WriteRequest per server-minute (3,219 series of one sample), SERVERS servers (default 20); the
// first minute creates the series, the later MINUTES (default 3) are timed: samples per CPU second of
// this process (request handling by app.inject, decode, plan, SQLite), then the compaction of their
// hour into chunks (MINUTES=60 for an hour's chunk a series). PROFILE=file.cpuprofile profiles the
// later minutes (PROFILE_SKIP=n: but their first n),
// PROFILE_COMPACT=file.cpuprofile the compaction. npx tsx bench/remote-write-micro.ts
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app';
import { newEvents, systemNow } from '../src/server/deps';
import { createAccount } from '../src/server/services/accounts';
import { openSqliteStore } from '../src/server/store/sqlite/open';
import { batch } from './fleet';
import { snappy, writeRequest } from './peers/remote-write';
import { batchSamples } from './peers/samples';
import { sqliteSettings } from './serve-args';

const servers = Number(process.env.SERVERS ?? 20);
const minutes = Number(process.env.MINUTES ?? 3);
const dir = mkdtempSync(join(tmpdir(), 'rw-micro-'));
const store = openSqliteStore(join(dir, 'bench.sqlite'), sqliteSettings());
const acc = await createAccount(store, 'rw@example.com');
if (!acc.ok) throw new Error(acc.message);
const deps = { store, config: { dataDir: dir, defaultAlerts: false, remoteWrite: { maxSeriesPerAccount: 5_000_000, maxInFlight: 16 } }, now: systemNow, events: newEvents() };
const app = await buildApp(deps);
const headers = {
  authorization: `Basic ${Buffer.from(`${acc.email}:${acc.api_key}`).toString('base64')}`,
  'content-type': 'application/x-protobuf', 'content-encoding': 'snappy', 'x-prometheus-remote-write-version': '0.1.0',
};
// The later minutes start an hour (two hours back), so that compaction makes one chunk per series of them.
const hourStart = Math.floor(Date.now() / 3_600_000) * 3600 - 7200;
const last = hourStart + (minutes - 1) * 60;
const bodies = (minute: number) => Array.from({ length: servers }, (_, i) => {
  const b = batch(`rw-${i}`, i, minute, 200);
  return { body: snappy(writeRequest(batchSamples(b), b.minute * 1000)), samples: batchSamples(b).length };
});
const send = async (list: ReturnType<typeof bodies>) => {
  // As the bench: 16 writes in flight.
  const queue = [...list];
  await Promise.all(Array.from({ length: 16 }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const r = await app.inject({ method: 'POST', url: '/api/v1/write', headers, payload: next.body });
      if (r.statusCode !== 204) throw new Error(`${r.statusCode} ${r.body}`);
    }
  }));
};
// Every body is encoded before anything is timed, so that the encoding's garbage lands in no timed minute.
const first = bodies(last - minutes * 60);
const later = Array.from({ length: minutes }, (_, m) => bodies(last - (minutes - 1 - m) * 60));
const afterBodies = Array.from({ length: Number(process.env.AFTER ?? 0) }, (_, m) => bodies(hourStart + 7200 + m * 60));
// HISTORY=1: first a day of one small server's minutes (10 processes), one write at a time, as
// bench:peers sends before its fleet (it warms the path of known series on small requests).
if (process.env.HISTORY) {
  for (let k = 1439; k >= 0; k--) {
    const b = batch('rw-history', 0, last - minutes * 60 - k * 60, 10);
    await send([{ body: snappy(writeRequest(batchSamples(b), b.minute * 1000)), samples: 0 }]);
  }
}
const c0 = process.cpuUsage();
await send(first);
const c1 = process.cpuUsage(c0);
const perMinute = first.reduce((n, b) => n + b.samples, 0);
console.log(`first minute (new series): ${Math.round(perMinute / ((c1.user + c1.system) / 1e6)).toLocaleString('en')} samples per CPU second`);
const session = new Session();
// PROFILE_SKIP=n leaves the first n later minutes out of the profile.
const profileFrom = Number(process.env.PROFILE_SKIP ?? 0);
const startProfile = async () => {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
};
if (process.env.PROFILE && profileFrom === 0) await startProfile();
const c2 = process.cpuUsage();
const t0 = performance.now();
for (const [m, list] of later.entries()) {
  if (process.env.PROFILE && m > 0 && m === profileFrom) await startProfile();
  const m0 = process.cpuUsage();
  const f0 = process.resourceUsage().minorPageFault;
  await send(list);
  const m1 = process.cpuUsage(m0);
  const faults = process.resourceUsage().minorPageFault - f0;
  if (process.env.PER_MINUTE) console.log(`  minute: ${((m1.user + m1.system) / 1000).toFixed(0)} ms of CPU (${(m1.system / 1000).toFixed(0)} ms system, ${faults.toLocaleString('en')} page faults)`);
}
const c3 = process.cpuUsage(c2);
const wall = performance.now() - t0;
if (process.env.PROFILE) writeFileSync(process.env.PROFILE, JSON.stringify((await session.post('Profiler.stop')).profile));
const cpu = (c3.user + c3.system) / 1e6;
const samples = perMinute * minutes;
const perCpu = (s: number) => Math.round(samples / s).toLocaleString('en');
console.log(`later minutes: ${perCpu(cpu)} samples per CPU second (${((cpu * 1e6) / samples).toFixed(2)} µs a sample), ${Math.round(samples / (wall / 1000)).toLocaleString('en')} samples/s`);
// Then what the compaction job does once their hour has closed: every recent row into hour chunks.
if (process.env.PROFILE_COMPACT) await startProfile();
const c4 = process.cpuUsage();
const moved = await store.labelledSeries.compact(hourStart + 7200);
const c5 = process.cpuUsage(c4);
if (process.env.PROFILE_COMPACT) writeFileSync(process.env.PROFILE_COMPACT, JSON.stringify((await session.post('Profiler.stop')).profile));
const compactCpu = (c5.user + c5.system) / 1e6;
console.log(`compaction: ${moved.toLocaleString('en')} samples moved in ${(compactCpu * 1000).toFixed(0)} ms of CPU (${((compactCpu * 1e6) / moved).toFixed(2)} µs a sample)`);
console.log(`later minutes with their compaction: ${perCpu(cpu + compactCpu)} samples per CPU second`);
// AFTER=n: n more minutes of the hour after the compacted one, each printed, to see what the compaction
// leaves to the minutes that follow it.
for (const [m, list] of afterBodies.entries()) {
  const m0 = process.cpuUsage();
  const f0 = process.resourceUsage().minorPageFault;
  await send(list);
  const m1 = process.cpuUsage(m0);
  console.log(`  after compaction, minute ${m + 1}: ${((m1.user + m1.system) / 1000).toFixed(0)} ms of CPU (${(m1.system / 1000).toFixed(0)} ms system, ${(process.resourceUsage().minorPageFault - f0).toLocaleString('en')} page faults)`);
}
await app.close();
await store.close();
rmSync(dir, { recursive: true, force: true });
