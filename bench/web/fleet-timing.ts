import type { Page } from '@playwright/test';

/** Opens the overview and times it until every row in view shows its CPU figure. */
export async function timeFleetLoad(page: Page, url: string, servers: number): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(
    (n) => {
      const status = document.querySelector('[aria-live="polite"]')?.textContent ?? '';
      const cpu = document.querySelector('[role="row"][aria-rowindex="2"] [aria-label^="CPU"]');
      return status.includes(`of ${n} servers`) && cpu !== null && !cpu.getAttribute('aria-label')!.includes('unknown');
    },
    servers,
    { polling: 'raf', timeout: 120_000 },
  );
  return page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now()))));
}

/** Clicks a column header button and times it until the header shows the new order and a frame is painted. */
export function timeSort(page: Page, column: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve) => {
        const header = [...document.querySelectorAll('[role="columnheader"]')].find((h) => h.querySelector('button')?.textContent?.startsWith(name))!;
        const state = () => `${header.getAttribute('aria-sort')}`;
        const before = state();
        const t0 = performance.now();
        header.querySelector('button')!.click();
        // aria-sort changes in the same commit as the rows (the order lives in the URL, read on render).
        const poll = () => (state() !== before ? requestAnimationFrame(() => resolve(performance.now() - t0)) : requestAnimationFrame(poll));
        requestAnimationFrame(poll);
      }),
    column,
  );
}

/** Types into the name filter (as React sees an input) and times it until the count is shown. */
export function timeFilter(page: Page, text: string): Promise<number> {
  return page.evaluate(
    (value) =>
      new Promise<number>((resolve) => {
        const input = document.querySelector('input[data-filter]') as HTMLInputElement;
        const status = () => document.querySelector('[aria-live="polite"]')?.textContent;
        const before = status();
        const t0 = performance.now();
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        const poll = () => (status() !== before ? requestAnimationFrame(() => resolve(performance.now() - t0)) : requestAnimationFrame(poll));
        requestAnimationFrame(poll);
      }),
    text,
  );
}

/** Scrolls the list `frames` times by `step` pixels, one scroll per frame; the frame durations seen. */
export function scrollFrames(page: Page, frames = 150, step = 400): Promise<number[]> {
  return page.evaluate(
    ({ frames, step }) =>
      new Promise<number[]>((resolve) => {
        const list = document.querySelector('[aria-label="Server rows"]') as HTMLElement;
        const out: number[] = [];
        let last = performance.now();
        let k = 0;
        const tick = (now: number) => {
          if (k > 0) out.push(now - last);
          last = now;
          if (k++ >= frames) return resolve(out);
          list.scrollTop = (k * step) % (list.scrollHeight - list.clientHeight);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { frames, step },
  );
}
