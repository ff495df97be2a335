import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { gzipSize } from './bundle';

/** Debian's Chromium with the flags the end-to-end tests use; never a downloaded browser. */
export const launch = () =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

// tsx compiles the functions handed to page.evaluate with esbuild's keepNames, which wraps named
// inner functions in a `__name` helper that exists only in Node; give the page a no-op one.
const NAME_SHIM = 'globalThis.__name = (f) => f;';

/**
 * A page signed in as `session`: POST /session/ from the context, whose cookie jar the page shares,
 * so nothing of the dashboard is loaded (or cached) before the page's first navigation.
 */
export async function signedInPage(browser: Browser, session: { email: string; apiKey: string }, baseUrl: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await ctx.addInitScript(NAME_SHIM);
  const r = await ctx.request.post(`${baseUrl}/api/v5/session/`, { data: { email: session.email, api_key: session.apiKey } });
  if (!r.ok()) throw new Error(`POST /session/ answered ${r.status()}: ${await r.text()}`);
  return ctx.newPage();
}

/** Fills the sign-in form and waits for the fleet overview, as a person would. */
export async function signInThroughForm(page: Page, session: { email: string; apiKey: string }, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByLabel('Email').fill(session.email);
  await page.getByLabel('API key').fill(session.apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Fleet', exact: true }).waitFor({ timeout: 120_000 });
}

export interface ChartTiming {
  /** Navigation start to every chart drawn and a frame painted. */
  total: number;
  /** Navigation start to the last server-data response. */
  fetched: number;
  charts: number;
  points: number;
}

/** Opens a server page and times it until every chart has drawn its line. */
export async function timeServerPage(page: Page, url: string): Promise<ChartTiming> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(
    () => {
      const figs = [...document.querySelectorAll('figure')];
      return figs.length > 0 && figs.every((f) => (f.querySelector('path.recharts-line-curve')?.getAttribute('d') ?? '').length > 10);
    },
    null,
    { polling: 'raf', timeout: 120_000 },
  );
  return page.evaluate(
    () =>
      new Promise<ChartTiming>((resolve) =>
        requestAnimationFrame(() => {
          const figs = [...document.querySelectorAll('figure')];
          const data = performance.getEntriesByType('resource').filter((e) => /\/servers\/\d+\/data\//.test(e.name)) as PerformanceResourceTiming[];
          resolve({
            total: performance.now(),
            fetched: Math.max(0, ...data.map((e) => e.responseEnd)),
            charts: figs.length,
            points: Number(/(\d+) points/.exec(figs[0]?.getAttribute('aria-label') ?? '')?.[1] ?? 0),
          });
        }),
      ),
  );
}

/** Serves a static build under http://bench.invalid/ through request interception (no second server). */
export async function staticPage(browser: Browser, dir: string): Promise<Page> {
  const page = await browser.newPage();
  await page.addInitScript(NAME_SHIM);
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  await page.route('http://bench.invalid/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    const file = join(dir, path === '/' ? 'index.html' : path);
    return route.fulfill({ body: readFileSync(file), contentType: types[extname(file)] ?? 'application/octet-stream' });
  });
  return page;
}

/** Time to draw one chart of `rows` rows on the baseline page ('raw' = every row to Recharts). */
export async function timeBaseline(page: Page, rows: number, mode: 'raw' | 'm4'): Promise<number> {
  await page.goto(`http://bench.invalid/?rows=${rows}&mode=${mode}`);
  await page.waitForFunction(() => typeof (window as unknown as { __benchMs?: number }).__benchMs === 'number', null, { timeout: 120_000 });
  return page.evaluate(() => (window as unknown as { __benchMs: number }).__benchMs);
}

/** The JavaScript the browser fetched while `load` ran, gzipped the way a server would send it. */
export async function jsLoaded(page: Page, load: () => Promise<void>): Promise<{ files: number; gzip: number }> {
  const bodies: Promise<Buffer>[] = [];
  const onResponse = (r: import('@playwright/test').Response) => {
    if (r.request().resourceType() === 'script') bodies.push(r.body());
  };
  page.on('response', onResponse);
  await load();
  page.off('response', onResponse);
  const all = await Promise.all(bodies);
  return { files: all.length, gzip: all.reduce((s, b) => s + gzipSize(b), 0) };
}

/**
 * On a server page already drawn: the time from one pointer move over the first chart (at `f` of its
 * width) until every chart of the page shows the shared crosshair's tooltip at that minute (the
 * charts' lines are not redrawn for it). Alternate `f` between runs so each move changes the minute.
 */
export async function timeCrosshair(page: Page, f: number): Promise<{ ms: number; charts: number }> {
  return page.evaluate(
    (f) =>
      new Promise<{ ms: number; charts: number }>((resolve) => {
        const overlays = [...document.querySelectorAll<HTMLElement>('[data-chart-overlay]')];
        const first = overlays[0]!;
        const before = first.getAttribute('aria-valuenow');
        const r = first.getBoundingClientRect();
        const t0 = performance.now();
        first.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, clientX: r.left + r.width * f, clientY: r.top + r.height / 2 }));
        const now = () => first.getAttribute('aria-valuenow');
        const done = () => now() !== before && overlays.every((o) => o.getAttribute('aria-valuenow') === now() && o.textContent?.includes('UTC'));
        const poll = () => (done() ? resolve({ ms: performance.now() - t0, charts: overlays.length }) : requestAnimationFrame(poll));
        poll();
      }),
    f,
  );
}
