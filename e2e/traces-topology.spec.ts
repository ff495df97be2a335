import { expect, test, type Page } from '@playwright/test';
import { demoTarget, signIn } from './fixtures/account';
import { countOf, waitForDemo } from './fixtures/api';
import { expectNoSeriousA11yIssues } from './fixtures/axe';

// These journeys read the demo fleet's transactions and connections, backfilled while the tests run.
// On a loaded machine the backfill can take several minutes to reach a day of transactions.
test.describe.configure({ timeout: 720_000 });

/** A duration cell ("850 µs", "22.6 ms", "1.20 s") in seconds. */
function seconds(text: string): number {
  const m = /^(-?[\d.]+) (µs|ms|s|min)$/.exec(text.trim());
  if (!m) throw new Error(`not a duration: ${text}`);
  return Number(m[1]) * { µs: 1e-6, ms: 1e-3, s: 1, min: 60 }[m[2] as 'µs' | 'ms' | 's' | 'min'];
}

async function darkMode(page: Page) {
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('d');
  await expect(page.locator('html')).toHaveClass(/dark/);
}

test('transactions: duration column, slowest in range, paging through all; the slowest request\'s trace: the same duration, a waterfall of its calls, clock skews', async ({ page }) => {
  // More than one page (100) of messages in the last day, so paging has somewhere to go.
  const now = Math.floor(Date.now() / 1000);
  await waitForDemo('transaction messages', `/transactions/logs/1/detail/?time_step=Minute&limit=1&start=${now - 86_400}&end=${now}`, (b) => countOf(b) > 100, 600_000);
  await signIn(page);
  await page.goto('/transactions?range=24h');
  await expect(page.getByRole('link', { name: /URL requests/ }).first()).toBeVisible();
  await page.goto('/transactions/1?range=24h');
  const table = page.getByRole('table', { name: 'Transaction messages' });
  await expect(table.getByRole('columnheader', { name: /Duration/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /of [\d,]+ messages/ })).toBeVisible();

  await page.getByRole('button', { name: 'Slowest in range' }).click();
  await expect(page).toHaveURL(/order=duration/);
  await expect(table.getByRole('columnheader', { name: /Duration/ })).toHaveAttribute('aria-sort', 'descending');
  const durations = async () => (await table.getByRole('row').locator('td:nth-child(2)').allTextContents()).map(seconds);
  // The rows of the newest-first order stay on screen until the slowest-first answer arrives: wait for
  // a page of more than one row in descending duration (it never comes if the order is wrong).
  const slowestFirst = async () => {
    const d = await durations();
    return d.length > 1 && d.every((x, i) => i === 0 || d[i - 1]! >= x);
  };
  await expect.poll(slowestFirst, { timeout: 15_000 }).toBe(true);

  // The next page continues the same order (the backfill may still add messages meanwhile, so only
  // each page's own order is checked, not the seam between the two).
  await page.getByRole('button', { name: 'Next →' }).click();
  await expect(page).toHaveURL(/mpage=1/);
  await expect(page.getByRole('status').filter({ hasText: /^101–/ })).toBeVisible();
  await expect.poll(slowestFirst, { timeout: 15_000 }).toBe(true);
  await expectNoSeriousA11yIssues(page);

  // Sorting by time again goes back to the newest first.
  await table.getByRole('button', { name: /Time \(UTC\)/ }).click();
  await expect(page).not.toHaveURL(/order=duration/);

  // The slowest request of the range reads the same in the list and in its trace.
  await page.getByRole('button', { name: 'Slowest in range' }).click();
  await expect.poll(slowestFirst, { timeout: 15_000 }).toBe(true);
  const slowestRow = table.getByRole('row').nth(1);
  const listed = (await slowestRow.locator('td:nth-child(2)').textContent())!.trim();
  const href = (await slowestRow.getByRole('link', { name: /^Trace the message/ }).getAttribute('href'))!;
  await page.locator(`a[href="${href}"]`).click();
  await expect(page.getByRole('img', { name: /^Trace graph/ })).toBeVisible();
  const header = page.getByText('The traced request took');
  await expect(header.locator('strong')).toHaveText(listed);

  // The waterfall shows the trace's calls, the request first with the same duration; a bar's numbers
  // appear on focus, and the arrow keys move between bars.
  const waterfall = page.getByRole('table', { name: /^Waterfall of the trace's calls/ });
  await expect(waterfall.getByRole('row')).not.toHaveCount(0);
  expect(await waterfall.locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
  const bars = waterfall.locator('button[data-bar]');
  await bars.first().focus();
  await expect(page.getByRole('tooltip')).toContainText(`takes ${listed}`);
  // Its latency is measured or said to be unmeasurable, never a 0 made of a negative difference.
  await expect(page.getByRole('tooltip')).toContainText(/latency (not measurable|\(client minus server duration\): [^-])/);
  await page.keyboard.press('ArrowDown');
  await expect(bars.nth(1)).toBeFocused();
  await expect(page.getByRole('tooltip')).toContainText(/→/);
  await page.screenshot({ path: test.info().outputPath('trace-waterfall-tooltip.png'), fullPage: true });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('trace-waterfall.png'), fullPage: true });

  const clocks = page.getByRole('table', { name: 'Clock skew per server' });
  await expect(clocks.getByRole('row').nth(1)).toBeVisible();
  await expect(clocks).toContainText(/in step|ahead|behind|unknown/);
  await expectNoSeriousA11yIssues(page);
  await darkMode(page);
  await expectNoSeriousA11yIssues(page);
});

test('topology: follows the global range, groups and connections as text, a keyboard path, positions kept per account', async ({ page }) => {
  await waitForDemo('connections between process groups', '/application_topology/', (b) => ((b as { connections?: unknown[] }).connections?.length ?? 0) > 0);
  await signIn(page);
  await page.goto('/topology?range=1h');
  const graph = page.getByRole('img', { name: /^Topology graph/ });
  await expect(graph).toHaveAttribute('data-layout-ms', /^\d+$/);
  await expect(page.getByLabel('Window')).toHaveCount(0);
  const connections = page.getByRole('table', { name: 'Connections between process groups' });
  await expect(connections.getByRole('row').nth(1)).toBeVisible();

  // Keyboard: Tab reaches a group's Show button; Enter selects it in the graph.
  const show = page.getByRole('button', { name: /^Show .+ in the graph$/ }).first();
  await show.focus();
  await page.keyboard.press('Enter');
  await expect(show).toHaveAttribute('aria-pressed', 'true');
  // The group's name opens its application over the same range.
  const groups = page.getByRole('table', { name: 'Process groups' });
  await groups.getByRole('link').first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/applications\/\d+\?range=1h/);
  await page.goBack();
  await expect(graph).toBeVisible();

  // Positions are kept for this account.
  const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('fleetwatch.graph.topology.')));
  expect(keys).toEqual([`fleetwatch.graph.topology.${demoTarget().email}`]);
  await expectNoSeriousA11yIssues(page);

  // 7 days: the last 24 hours of it, said so.
  await page.getByRole('button', { name: '7d', exact: true }).click();
  await expect(page.getByText(/the last 24 hours of the range/)).toBeVisible();
  await darkMode(page);
  // slate-900 (Tailwind gives it in oklch), not the white of the light theme.
  await expect(graph).toHaveCSS('background-color', 'oklch(0.208 0.042 265.755)');
  await expectNoSeriousA11yIssues(page);
});
