import type { Browser } from '@playwright/test';
import { signedInPage } from './browser';
import { timeFilter } from './fleet-timing';
import type { client } from './seed';
import type { Figure } from '../report';

type Client = ReturnType<typeof client>;

/** `n` Server alerts spread over the first `servers` servers of the account (CPU, memory, disk, down). */
export async function seedAlerts(c: Client, n: number, servers: number): Promise<void> {
  const list = (await c.call('GET', `/servers/?limit=${servers}`)) as { data: { id: number }[] };
  const users = (await c.call('GET', '/users/?limit=1')) as { data: { id: number }[] };
  const owner = users.data[0]!.id;
  const triggers = [['CPU', 75], ['Memory', 90], ['Disk', 90], ['Server Down', null]] as const;
  const specs = Array.from({ length: n }, (_, i) => {
    const [trigger_type, threshold] = triggers[i % triggers.length]!;
    const target = list.data[Math.floor(i / triggers.length) % list.data.length]!.id;
    return { name: `bench ${trigger_type} ${i}`, type: 'Server', target_id: target, trigger_type, ...(threshold === null ? {} : { threshold }), users: [owner] };
  });
  await c.pool(specs, (s) => c.call('POST', '/alerts/', s));
}

/**
 * Opens the alerts page and times it until it is interactive: the count of every alert is shown and
 * the first row's menu button is there (in a committed, painted frame).
 */
async function timeAlertsLoad(page: Awaited<ReturnType<typeof signedInPage>>, url: string, n: number): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(
    (count) => {
      const status = document.querySelector('[aria-live="polite"]')?.textContent ?? '';
      return status.includes(`of ${count} alerts`) && document.querySelector('[role="row"][aria-rowindex="2"] button[aria-haspopup="menu"]') !== null;
    },
    n,
    { polling: 'raf', timeout: 120_000 },
  );
  return page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now()))));
}

/** Click on the first row's menu button to its menu painted. */
function timeMenuOpen(page: Awaited<ReturnType<typeof signedInPage>>): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const button = document.querySelector('[role="row"][aria-rowindex="2"] button[aria-haspopup="menu"]') as HTMLButtonElement;
        const t0 = performance.now();
        button.click();
        const poll = () => (document.querySelector('[role="menu"]') ? requestAnimationFrame(() => resolve(performance.now() - t0)) : requestAnimationFrame(poll));
        requestAnimationFrame(poll);
      }),
  );
}

/** (d) The alerts page with `n` alerts: navigation to interactive (goal 300 ms), menu open, filter keystroke. */
export async function alertsFigures(browser: Browser, address: string, session: { email: string; apiKey: string }, o: { runs: number; n: number; log: (s: string) => void; fig: Figure }): Promise<void> {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const ms = (x: number) => `${Math.round(x)} ms`;
  const page = await signedInPage(browser, session, address);
  await timeAlertsLoad(page, `${address}/alerts`, o.n); // warm the HTTP cache of the JS
  const loads: number[] = [];
  const menus: number[] = [];
  const filters: number[] = [];
  for (let r = 0; r < o.runs; r++) {
    loads.push(await timeAlertsLoad(page, `${address}/alerts`, o.n));
    menus.push(await timeMenuOpen(page));
    await page.keyboard.press('Escape');
    filters.push(await timeFilter(page, `bench CPU ${r}`));
    filters.push(await timeFilter(page, ''));
  }
  o.fig(`alerts page (${o.n} alerts), navigation to interactive`, ms(median(loads)), '<= 300 ms');
  o.fig('  row menu click to menu painted, median', ms(median(menus)));
  o.fig('  filter keystroke to repainted count, median', ms(median(filters)));
  o.log(`\n(d) alerts page with ${o.n} alerts:`);
  o.log(`    navigation to interactive (every alert counted, first row's menu button drawn): ${ms(median(loads))} (goal 300 ms; max ${ms(Math.max(...loads))})`);
  o.log(`    row menu click to menu painted: median ${ms(median(menus))}; filter keystroke to repainted count: median ${ms(median(filters))}, max ${ms(Math.max(...filters))}`);
  await page.close();
}
