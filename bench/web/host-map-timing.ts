import type { Page } from '@playwright/test';
import type { Figure } from '../report';

const CANVAS = 'canvas[aria-roledescription="host map"]';

/**
 * Opens the host map and waits until its canvas has drawn `cells` cells with every server's figure
 * in (the requests settled). Answers the navigation-to-drawn time and the in-page layout + draw time
 * of the last draw (`data-render-ms`, measured by the page around layoutMap, the index and the fills).
 */
export async function timeHostMap(page: Page, url: string, cells: number): Promise<{ total: number; render: number }> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction((n) => document.querySelector(`canvas[aria-roledescription="host map"]`)?.getAttribute('data-cells') === String(n), cells, { polling: 'raf', timeout: 120_000 });
  await page.waitForLoadState('networkidle');
  const total = await page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now()))));
  const render = Number(await page.locator(CANVAS).getAttribute('data-render-ms'));
  return { total, render };
}

/** Changes the colour metric and times it until the canvas has been redrawn and a frame painted. */
export function timeRecolour(page: Page, value: string): Promise<number> {
  return page.evaluate(
    ({ value, sel }) =>
      new Promise<number>((resolve) => {
        const canvas = document.querySelector(sel)!;
        const select = [...document.querySelectorAll('select')].find((s) => s.labels?.[0]?.textContent?.startsWith('Colour by'))!;
        const mo = new MutationObserver(() => {
          mo.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - t0));
        });
        mo.observe(canvas, { attributes: true, attributeFilter: ['data-render-ms'] });
        const t0 = performance.now();
        Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }),
    { value, sel: CANVAS },
  );
}

/**
 * Moves the pointer over `moves` cells across the map, one move per frame, and answers each move's
 * time to the tooltip naming the new cell in a painted frame (hit-test, React update, overlay draw).
 * Walks 16 px steps, so the map must be drawn with cells of one unit (no size); a move that names no
 * new cell within 30 frames is left out rather than waited for.
 */
export function hoverFrames(page: Page, moves = 120): Promise<number[]> {
  return page.evaluate(
    ({ moves, sel }) =>
      new Promise<number[]>((resolve) => {
        const canvas = document.querySelector(sel) as HTMLCanvasElement;
        const r = canvas.getBoundingClientRect();
        const out: number[] = [];
        let k = 0;
        const step = () => {
          if (k >= moves) return resolve(out);
          // Walk the first unit rows cell by cell (16 px pitch), 8 px into each cell.
          const cols = Math.floor(r.width / 16);
          const x = r.left + (k % cols) * 16 + 6;
          const y = r.top + 22 + Math.floor(k / cols) * 16 + 6;
          const before = document.querySelector('[role="tooltip"]')?.textContent ?? '';
          const t0 = performance.now();
          canvas.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, clientX: x, clientY: y }));
          let frames = 0;
          const poll = () => {
            const now = document.querySelector('[role="tooltip"]')?.textContent ?? '';
            if (now !== before || k === 0) requestAnimationFrame(() => (out.push(performance.now() - t0), k++, requestAnimationFrame(step)));
            else if (++frames > 30) {
              k++;
              requestAnimationFrame(step);
            }
            else requestAnimationFrame(poll);
          };
          poll();
        };
        step();
      }),
    { moves, sel: CANVAS },
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const ms = (x: number) => `${Math.round(x)} ms`;

/** The host map figures (issue 12): every server a canvas cell; goal 100 ms to draw 5,000, and smooth hover. */
export async function hostMapFigures(page: Page, address: string, servers: number, { runs, log, fig }: { runs: number; log: (s: string) => void; fig: Figure }): Promise<void> {
  log(`\nhost map with ${servers} servers (canvas):`);
  for (const [label, q] of [['grouped by tag, coloured by CPU', ''], ['grouped by OS, sized by CPU count', '?group=os&size=cpus']] as const) {
    const maps: { total: number; render: number }[] = [];
    for (let r = 0; r < runs; r++) maps.push(await timeHostMap(page, `${address}/host-map${q}`, servers));
    fig(`host map (${servers} servers) ${label}: layout + draw in the page`, ms(median(maps.map((m) => m.render))), '<= 100 ms');
    fig(`  navigation to drawn`, ms(median(maps.map((m) => m.total))));
    log(`    ${label}: layout + draw ${ms(median(maps.map((m) => m.render)))} in the page (goal 100 ms); navigation to drawn ${ms(median(maps.map((m) => m.total)))}`);
  }
  const recolours: number[] = [];
  for (let r = 0; r < runs; r++) for (const c of ['memory', 'disk', 'cpu']) recolours.push(await timeRecolour(page, c));
  // Hover over cells of one unit each (the first map, without sizes).
  fig('host map colour switch to redrawn frame, median', ms(median(recolours)));
  log(`    colour switch (select to redrawn frame): median ${ms(median(recolours))}, max ${ms(Math.max(...recolours))}`);
  await timeHostMap(page, `${address}/host-map`, servers);
  const hovers = await hoverFrames(page);
  fig("host map pointer move to the next cell's tooltip, median / p95", `${ms(median(hovers))} / ${ms(pct(hovers, 0.95))}`);
  log(`    hover, pointer move to the tooltip of the next cell in a painted frame: median ${ms(median(hovers))}, p95 ${ms(pct(hovers, 0.95))}, max ${ms(Math.max(...hovers))}`);
}
