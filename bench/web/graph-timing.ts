// Section (c) of bench:web: Cytoscape layout times of the topology page and of a trace page on the
// demo fleet (issue 4: no layout over a second). The fleet is the project's demo generator sending
// collector batches to the service under benchmark; the figures come from the `data-layout-ms`
// attribute CyGraph writes after each layout.
import type { Browser, Page } from '@playwright/test';
import { startDemoFleet } from '../../src/server/demo/fleet-runner';
import { signedInPage } from './browser';
import { client } from './seed';
import type { Figure } from '../report';

/** One load of a graph page. */
export interface GraphTiming {
  /** The layout's own duration, as CyGraph measured it. */
  layoutMs: number;
  /** Navigation start to the graph laid out and a frame painted. */
  drawnMs: number;
  nodes: number;
  edges: number;
}

type Session = { email: string; apiKey: string };
type Log = (line: string) => void;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Backfills `minutes` of the demo fleet's first `servers` servers (applications detected on the first minute). */
async function seedDemo(baseUrl: string, s: Session, servers: number, minutes: number): Promise<void> {
  const fleet = startDemoFleet({ baseUrl, email: s.email, key: s.apiKey, servers, days: minutes / 1440, follow: false, seed: 1 });
  await fleet.backfillDone;
  await fleet.stop();
}

/** Waits until the service answers what `ready` looks for (topology and transaction logs come from the batches). */
async function waitFor(what: string, get: () => Promise<unknown>, ready: (b: unknown) => boolean, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!ready(await get())) {
    if (Date.now() > end) throw new Error(`demo data: no ${what} after ${timeoutMs / 1000} s`);
    await sleep(1000);
  }
}

/** Opens a graph page and times it until CyGraph has laid out the graph named `label` and a frame is painted. */
export async function timeGraph(page: Page, url: string, label: string): Promise<GraphTiming> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction((l) => document.querySelector(`[role="img"][aria-label^="${l}"]`)?.hasAttribute('data-layout-ms') === true, label, { polling: 'raf', timeout: 120_000 });
  return page.evaluate(
    (l) =>
      new Promise<GraphTiming>((resolve) =>
        requestAnimationFrame(() => {
          const box = document.querySelector(`[role="img"][aria-label^="${l}"]`)!;
          // Cytoscape registers its instance on the container; the counts include the server boxes of a trace.
          const cy = (box as unknown as { _cyreg?: { cy?: { nodes(): { length: number }; edges(): { length: number } } } })._cyreg?.cy;
          resolve({ layoutMs: Number(box.getAttribute('data-layout-ms')), drawnMs: performance.now(), nodes: cy?.nodes().length ?? -1, edges: cy?.edges().length ?? -1 });
        }),
      ),
    label,
  );
}

/**
 * The trace URLs the dashboard links from the newest messages of the first URL-request transaction
 * log (as an on-call engineer opens them), and of those the one whose trace is largest.
 */
async function largestTrace(page: Page, baseUrl: string, api: ReturnType<typeof client>, sample: number): Promise<{ url: string; of: number }> {
  await page.goto(`${baseUrl}/transactions?range=24h`);
  await page.getByRole('link', { name: /URL requests/ }).first().click();
  const links = page.getByRole('link', { name: /^Trace the message/ });
  await links.first().waitFor();
  const hrefs = (await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))).slice(0, sample);
  let best = { url: '', size: -1 };
  for (const href of hrefs) {
    const search = new URL(href, baseUrl).search;
    const t = (await api.call('GET', `/transactions/trace/${search}`)) as { processes: unknown[]; transactions: unknown[] };
    const size = t.processes.length + t.transactions.length;
    if (size > best.size) best = { url: new URL(href, baseUrl).href, size };
  }
  if (!best.url) throw new Error('no trace link on the transaction log page');
  return { url: best.url, of: hrefs.length };
}

/** Seeds the demo fleet into `session`'s account, then prints the layout figures of the topology and a trace. */
export async function graphFigures(browser: Browser, baseUrl: string, session: Session, opts: { runs: number; servers: number; minutes: number; log: Log; fig: Figure }): Promise<void> {
  const { runs, servers, minutes, log, fig } = opts;
  const ms = (x: number) => `${Math.round(x)} ms`;
  let t = performance.now();
  await seedDemo(baseUrl, session, servers, minutes);
  const api = client(baseUrl, session.email, session.apiKey, 2);
  const count = (b: unknown, k: string) => ((b as Record<string, unknown[] | undefined>)[k] ?? []).length;
  await waitFor('topology connections', () => api.call('GET', '/application_topology/'), (b) => count(b, 'connections') > 0);
  await waitFor('transaction logs', () => api.call('GET', '/transactions/logs/'), (b) => count(b, 'data') > 0);
  log(`\n(c) Cytoscape layouts on the demo fleet (${servers} servers, ${minutes} minutes sent as collector batches in ${ms(performance.now() - t)}), ${runs} loads each:`);

  const page = await signedInPage(browser, session, baseUrl);
  // Topology keeps node positions in localStorage (per account); forget them so every load lays the whole graph out.
  await page.addInitScript(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('fleetwatch.graph.topology')) localStorage.removeItem(k);
  });
  const trace = await largestTrace(page, baseUrl, api, 30);
  api.close();
  const cases: [string, string, string][] = [
    ['topology (last hour)', `${baseUrl}/topology?range=1h`, 'Topology graph'],
    [`trace (largest of ${trace.of} newest URL messages)`, trace.url, 'Trace graph'],
  ];
  for (const [name, url, label] of cases) {
    await timeGraph(page, url, label); // warms the HTTP cache of the graph chunks
    const xs: GraphTiming[] = [];
    for (let r = 0; r < runs; r++) xs.push(await timeGraph(page, url, label));
    const layout = xs.map((x) => x.layoutMs);
    t = median(xs.map((x) => x.drawnMs));
    fig(`Cytoscape layout, ${name.replace(/ \(.*\)$/, '')} (${xs[0]!.nodes} nodes), median`, ms(median(layout)), '< 1000 ms');
    log(`    ${name}: ${xs[0]!.nodes} nodes, ${xs[0]!.edges} edges; layout median ${ms(median(layout))}, max ${ms(Math.max(...layout))} (target < 1000 ms); navigation to graph drawn ${ms(t)}`);
  }
  await page.close();
}
