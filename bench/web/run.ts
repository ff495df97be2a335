// npm run bench:web: dashboard speed figures (printed, never asserted), issue 4's Speed section.
// Builds the web app, starts the real service on a temporary SQLite file, seeds it through the
// collector protocol (one server with BENCH_WEB_DAYS days of minutes, BENCH_WEB_SERVERS servers with
// their latest minute) and measures in Debian's Chromium. BENCH_WEB_RUNS sets the runs per figure.
// The graph figures (c) use a second account fed by the demo fleet generator: BENCH_WEB_DEMO_SERVERS
// servers (25, the whole roster) with BENCH_WEB_DEMO_MINUTES minutes (120) of history. The alerts figure (d)
// seeds BENCH_WEB_ALERTS (2,000) Server alerts on 500 of the fleet's servers. The correlate page is timed
// with 20 series of the history server (its fields, then its processes') over 7 days against one.
// Ends with the summary table of docs/benchmarks.md; `npm run bench:web -- --write-docs` rewrites it there.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { alertsFigures, seedAlerts } from './alerts-timing';
import { jsLoaded, launch, signedInPage, staticPage, timeBaseline, timeCrosshair, timeServerPage, type ChartTiming } from './browser';
import { firstPageJs } from './bundle';
import { firstVisit } from './first-visit';
import { scrollFrames, timeFilter, timeFleetLoad, timeSort } from './fleet-timing';
import { correlateFigures, correlateSeries } from './correlate-timing';
import { graphFigures } from './graph-timing';
import { hostMapFigures } from './host-map-timing';
import { machine, publish, Report } from '../report';
import { client, seedFleet, seedHistory } from './seed';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const DAYS = Number(process.env.BENCH_WEB_DAYS ?? 7);
const SERVERS = Number(process.env.BENCH_WEB_SERVERS ?? 5000);
const DEMO_SERVERS = Number(process.env.BENCH_WEB_DEMO_SERVERS ?? 25);
const DEMO_MINUTES = Number(process.env.BENCH_WEB_DEMO_MINUTES ?? 120);
const ALERTS = Number(process.env.BENCH_WEB_ALERTS ?? 2000);
const LIMIT_KB = 170;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const ms = (x: number) => `${Math.round(x)} ms`;
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const log = (s: string) => console.log(s);
const report = new Report('web', ['measured']);
const fig = report.column('measured');

const dir = mkdtempSync(join(tmpdir(), 'bench-web-'));
const webDir = join(dir, 'web');
const naiveDir = join(dir, 'naive');
let t = performance.now();
await build({ configFile: resolve('vite.config.ts'), logLevel: 'warn', build: { outDir: webDir, emptyOutDir: true, manifest: true } });
await build({ configFile: false, root: resolve('bench/web/naive'), base: './', logLevel: 'warn', plugins: [react()], build: { outDir: naiveDir, emptyOutDir: true } });
log(`dashboard benchmark (${RUNS} runs per figure, median; /usr/bin/chromium); builds took ${ms(performance.now() - t)}; load average ${loadavg()[0]!.toFixed(1)}`);

// (b) Bundle: the manifest walk needs nothing running.
const js = firstPageJs(webDir);
log(`\n(b) first page after sign-in (entry + fleet page + their static imports): ${kb(js.gzip)} JS gzipped in ${js.files.length} files (limit ${LIMIT_KB} KB) ${js.gzip <= LIMIT_KB * 1024 ? 'OK' : 'OVER'}; CSS ${kb(js.cssGzip)}`);
fig('first page JS after sign-in, gzipped', kb(js.gzip), `<= ${LIMIT_KB} KB`);
for (const f of js.files.slice(0, 4)) log(`    ${f.file}: ${kb(f.gzip)} gzipped (${kb(f.raw)} raw)`);

const child = fork(join(import.meta.dirname, 'serve.ts'), [dir, webDir], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
const info = await new Promise<{ address: string; email: string; key: string; demo: { email: string; apiKey: string } }>((res) => child.once('message', (m) => res(m as never)));
const session = { email: info.email, apiKey: info.key };
const api = client(info.address, info.email, info.key);
const now = Math.floor(Date.now() / 60_000) * 60 - 60;
t = performance.now();
const serverId = await seedHistory(api, 'history-7d', now, DAYS * 1440);
log(`\nseeded ${DAYS * 1440} minutes of one server through POST /collector/batches in ${ms(performance.now() - t)}`);
t = performance.now();
await seedFleet(api, SERVERS, now);
log(`seeded ${SERVERS} more servers (register + one batch each) in ${ms(performance.now() - t)}`);
t = performance.now();
await seedAlerts(api, ALERTS, 500);
log(`seeded ${ALERTS} alerts on 500 of them through POST /alerts/ in ${ms(performance.now() - t)}`);
const correlateRefs = await correlateSeries(api, serverId, 20);
api.close();

const browser = await launch();
try {
  // (a) Server page: 1 day against 7 days, through the real app and service.
  log(`\n(a) server page, navigation to every chart drawn (fetch = navigation to the last data response):`);
  const page = await signedInPage(browser, session, info.address);
  await timeServerPage(page, `${info.address}/servers/${serverId}?range=24h`); // warm the HTTP cache of the JS
  const cases: [string, string][] = [
    ['24h (Minute)', 'range=24h'],
    ['7d (auto step)', 'range=7d'],
    ['7d forced Minute', 'range=7d&step=Minute'],
  ];
  const results = new Map<string, ChartTiming[]>();
  for (let r = 0; r < RUNS; r++) for (const [label, q] of cases) results.set(label, [...(results.get(label) ?? []), await timeServerPage(page, `${info.address}/servers/${serverId}?${q}`)]);
  const med = (label: string, k: keyof ChartTiming) => median(results.get(label)!.map((x) => x[k]));
  for (const [label] of cases) {
    const drawn = med(label, 'total') - med(label, 'fetched');
    fig(`server page ${label}, navigation to every chart drawn`, ms(med(label, 'total')));
    log(`    ${label.padEnd(18)} ${ms(med(label, 'total')).padStart(8)} total, ${ms(med(label, 'fetched'))} fetch, ~${ms(drawn)} after it; ${med(label, 'charts')} charts of ${med(label, 'points')} points`);
  }
  const ratio = (a: string) => med(a, 'total') / med('24h (Minute)', 'total');
  fig('  ratio 7d / 24h', `${ratio('7d (auto step)').toFixed(2)}x`, '<= 1.2x');
  log(`    ratio 7d / 24h: ${ratio('7d (auto step)').toFixed(2)}x (target <= 1.2x); with the step forced to Minute (10,080 rows, M4): ${ratio('7d forced Minute').toFixed(2)}x`);
  // The charts are drawn with their legends and the shared crosshair; a pointer move then updates every chart's tooltip.
  for (const [label, q] of cases.slice(0, 2)) {
    await timeServerPage(page, `${info.address}/servers/${serverId}?${q}`);
    const xs: { ms: number; charts: number }[] = [];
    for (let r = 0; r < RUNS; r++) xs.push(await timeCrosshair(page, r % 2 ? 0.3 : 0.7));
    fig(`server page ${label}, pointer move to crosshair and tooltip on all ${xs[0]!.charts} charts`, ms(median(xs.map((x) => x.ms))));
    log(`    ${label.padEnd(18)} pointer move to the crosshair and tooltip on all ${xs[0]!.charts} charts: ${ms(median(xs.map((x) => x.ms)))} median`);
  }

  // The naive baseline: one chart, every row handed to Recharts, against the dashboard's TimeChart.
  const base = await staticPage(browser, naiveDir);
  const baseline: [string, number, 'raw' | 'm4'][] = [
    ['Recharts, 1,440 rows', 1440, 'raw'],
    ['Recharts, 10,080 rows (naive)', 10_080, 'raw'],
    ['TimeChart (M4), 10,080 rows', 10_080, 'm4'],
  ];
  log(`    one chart of 2 series, time to the drawn lines (baseline page, same browser):`);
  for (const [label, rows, mode] of baseline) {
    await timeBaseline(base, rows, mode);
    const xs: number[] = [];
    for (let r = 0; r < RUNS; r++) xs.push(await timeBaseline(base, rows, mode));
    fig(`one chart of 2 series: ${label}`, ms(median(xs)));
    log(`      ${label.padEnd(30)} ${ms(median(xs)).padStart(8)}`);
  }
  await base.close();

  // The JS the browser actually fetched for the overview with a session (cold cache).
  const cold = await signedInPage(browser, session, info.address);
  const seen = await jsLoaded(cold, async () => {
    await cold.goto(`${info.address}/`);
    await cold.getByRole('heading', { name: 'Fleet', exact: true }).waitFor();
    await cold.waitForLoadState('networkidle');
  });
  fig('JS fetched opening / signed in, gzipped', kb(seen.gzip), `<= ${LIMIT_KB} KB`);
  log(`\n(b) JS fetched by the browser opening / signed in: ${kb(seen.gzip)} gzipped in ${seen.files} files (limit ${LIMIT_KB} KB) ${seen.gzip <= LIMIT_KB * 1024 ? 'OK' : 'OVER'}`);
  const visit = await firstVisit(browser, info.address, session);
  fig('first visit (sign-in + fleet, empty cache), transferred', kb(visit.bytes), `<= ${LIMIT_KB} KB`);
  log(`(b) first visit (sign-in + fleet, empty cache): ${kb(visit.bytes)} transferred in ${visit.requests} requests (goal ${LIMIT_KB} KB) ${visit.bytes <= LIMIT_KB * 1024 ? 'OK' : 'OVER'}; ${Object.entries(visit.byType).map(([t, b]) => `${t} ${kb(b)}`).join(', ')}`);

  // Fleet overview with every server.
  const total = SERVERS + 1;
  log(`\nfleet overview with ${total} servers:`);
  const loads: number[] = [];
  for (let r = 0; r < RUNS; r++) loads.push(await timeFleetLoad(page, `${info.address}/`, total));
  fig(`fleet overview (${total} servers), navigation to rows with figures`, ms(median(loads)));
  log(`    navigation to rows with figures: ${ms(median(loads))}`);
  const sorts: number[] = [];
  for (let r = 0; r < RUNS; r++) for (const c of ['CPU', 'Memory', 'Disk']) sorts.push(await timeSort(page, c));
  fig('  sort by CPU/memory/disk, median', ms(median(sorts)));
  log(`    sort by CPU/memory/disk (click to repainted rows): median ${ms(median(sorts))}, max ${ms(Math.max(...sorts))}`);
  const filters: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    filters.push(await timeFilter(page, `fleet-00${r}`));
    filters.push(await timeFilter(page, ''));
  }
  fig('  name filter keystroke, median', ms(median(filters)));
  log(`    name filter keystroke (input to repainted count): median ${ms(median(filters))}, max ${ms(Math.max(...filters))}`);
  const frames = await scrollFrames(page);
  fig('  scrolling, frame median / p95', `${ms(median(frames))} / ${ms(pct(frames, 0.95))}`);
  log(`    scrolling 150 frames of 400 px: frame median ${ms(median(frames))}, p95 ${ms(pct(frames, 0.95))}, max ${ms(Math.max(...frames))}, ${frames.filter((f) => f > 50).length} frames over 50 ms`);

  await correlateFigures(page, info.address, correlateRefs, { runs: RUNS, log, fig });
  await hostMapFigures(page, info.address, total, { runs: RUNS, log, fig });
  await alertsFigures(browser, info.address, session, { runs: RUNS, n: ALERTS, log, fig });
  await graphFigures(browser, info.address, info.demo, { runs: RUNS, servers: DEMO_SERVERS, minutes: DEMO_MINUTES, log, fig });
  publish(report, `Measured ${machine()}, by \`npm run bench:web\`: median of ${RUNS} runs in Debian's Chromium; ${SERVERS + 1} servers, one with ${DAYS} days of minutes, ${ALERTS.toLocaleString('en-US')} alerts, the demo fleet's ${DEMO_SERVERS} servers with ${DEMO_MINUTES} minutes for the graphs. Absolute times scale with the load; ratios are the figures to read.`);
  log(`\nload average at the end: ${loadavg()[0]!.toFixed(1)} (absolute times scale with it; the ratios are the figures to read)`);
} finally {
  await browser.close();
  child.send('stop');
  await new Promise((res) => child.once('exit', res));
  rmSync(dir, { recursive: true, force: true });
}
