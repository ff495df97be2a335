// npm run bench:size: 30 days of the demo fleet in compressed time, on SQLite. Minutes are generated
// by the demo fleet's own generator (src/server/demo), backdated and ingested in-process through the
// store (no HTTP: the size is the point, not the speed), and the retention job runs at the end of each
// simulated day, as the hourly job would, followed by its incremental vacuum. Prints the store's size
// per day (database file + WAL), the WAL's largest size seen, and the final size.
// Scaled down to finish in minutes on 2 cores: SIZE_SERVERS servers (default 5 of the demo's 25) and
// every SIZE_EVERY-th minute (default 3); SIZE_DAYS (30) and SIZE_KEEP_DAYS (7: minute series, process
// details, logs and traces; hours and days as the defaults) set the run. Keeping 7 days shows minute
// data reaching its plateau within the 30 days; rollups (hours kept 400 days) keep growing slowly. The
// demo fleet at the defaults is estimated from the per-category growth at the end (printed).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFleet, registrationOf } from '../src/server/demo/fleet';
import { generateBatch } from '../src/server/demo/generate';
import { createAccount } from '../src/server/services/accounts';
import { runRetention } from '../src/server/services/retention';
import { openSqliteStore } from '../src/server/store/sqlite/open';
import { DEFAULT_WAL_CAP_BYTES } from '../src/server/store/sqlite/wal';

const SERVERS = Number(process.env.SIZE_SERVERS ?? 5);
const EVERY = Number(process.env.SIZE_EVERY ?? 3);
const DAYS = Number(process.env.SIZE_DAYS ?? 30);
const KEEP = Number(process.env.SIZE_KEEP_DAYS ?? 7);
const DAY = 86_400;
const MiB = 1024 * 1024;

const size = (f: string) => {
  try {
    return statSync(f).size;
  } catch {
    return 0;
  }
};
const mib = (b: number) => `${(b / MiB).toFixed(1)} MiB`;

const dir = mkdtempSync(join(tmpdir(), 'fw-size-'));
const file = join(dir, 'monitoring.sqlite');
const store = openSqliteStore(file);
const email = 'size@example.com';
if (!(await createAccount(store, email)).ok) throw new Error('account not created');
const account = (await store.accounts.findByEmail(email))!.id;
const start = Math.floor(Date.now() / 1000 / DAY) * DAY - DAYS * DAY;
const fleet = buildFleet(SERVERS, 1);
const ids: number[] = [];
for (const s of fleet.servers) {
  const r = await store.telemetry.register(account, registrationOf(s, 1), s.ip, start);
  if (r.kind !== 'ok') throw new Error('registration failed');
  ids.push(r.serverId);
}
await store.retention.set(account, { minute: KEEP, hour: 400, day: null, process_details: KEEP, logs: KEEP, traces: KEEP, alert_histories: null }, start);

console.log(`size simulation: ${SERVERS} demo servers, 1 minute in ${EVERY}, ${DAYS} days, minute data kept ${KEEP} days; WAL cap ${mib(DEFAULT_WAL_CAP_BYTES)}`);
console.log('| day | database | WAL | total | rows removed | ingest s |');
console.log('|---:|---:|---:|---:|---:|---:|');
let walMax = 0;
let plateau = 0; // the largest total once the first deletes ran
const t0 = performance.now();
for (let d = 0; d < DAYS; d++) {
  const t = performance.now();
  for (let m = 0; m < 1440; m += EVERY) {
    const minute = start + d * DAY + m * 60;
    for (let i = 0; i < fleet.servers.length; i++) await store.telemetry.ingest(account, ids[i]!, generateBatch(fleet, fleet.servers[i]!, minute), minute + 5);
    if (m % 30 === 0) walMax = Math.max(walMax, size(`${file}-wal`));
  }
  const ingestS = (performance.now() - t) / 1000;
  const removed = await runRetention({ store, config: { dataDir: dir }, now: () => start + (d + 1) * DAY });
  walMax = Math.max(walMax, size(`${file}-wal`));
  const total = size(file) + size(`${file}-wal`);
  if (d >= KEEP + 1) plateau = Math.max(plateau, total);
  console.log(`| ${d + 1} | ${mib(size(file))} | ${mib(size(`${file}-wal`))} | ${mib(total)} | ${removed.toLocaleString()} | ${ingestS.toFixed(1)} |`);
}
const final = size(file) + size(`${file}-wal`);
console.log(`\nfinal size ${mib(final)}; largest after day ${KEEP + 1} ${mib(plateau)}; WAL at most ${mib(walMax)} (cap ${mib(DEFAULT_WAL_CAP_BYTES)}); ${((performance.now() - t0) / 1000).toFixed(0)} s`);

// What takes the space at the end (GET /retention/'s estimate), and the demo fleet at the defaults from it:
// minute-class data scales with servers and minutes and is kept 30 days; hour and day rollups scale with
// servers only, and hours are kept 400 days (days forever: ~1/24 of the hours' growth).
const u0 = performance.now();
const usage = await store.retention.usage(account, start + DAYS * DAY);
const usageMs = performance.now() - u0;
console.log('\n| category | rows | size | growth per day |');
console.log('|---|---:|---:|---:|');
for (const u of usage) console.log(`| ${u.category} | ${u.rows.toLocaleString()} | ${mib(u.bytes)} | ${mib(u.growthPerDay)} |`);
console.log(`(the estimate, as GET /retention/ makes it, took ${usageMs.toFixed(0)} ms on this ${mib(size(file))} file)`);
const growth = (cs: string[]) => usage.filter((u) => cs.includes(u.category)).reduce((n, u) => n + u.growthPerDay, 0);
const minuteDay = growth(['minute', 'process_details', 'logs', 'traces']) * EVERY * (25 / SERVERS);
const rollupDay = growth(['hour', 'day']) * (25 / SERVERS);
console.log(
  `\nthe demo's 25 servers every minute at the defaults: minute data ${mib(minuteDay)}/day x 30 days = ${mib(minuteDay * 30)}; ` +
    `rollups ${mib(rollupDay)}/day, ${mib(rollupDay * 30)} after 30 days and ${mib(rollupDay * 400)} after 400`,
);
await store.close();
rmSync(dir, { recursive: true, force: true });
