import { expect, test } from '@playwright/test';
import { signIn } from './fixtures/account';
import { countOf, waitForDemo } from './fixtures/api';
import { expectNoSeriousA11yIssues } from './fixtures/axe';

// The demo fleet's transactions are backfilled while the tests run.
test.describe.configure({ timeout: 720_000 });

test('trace diff: pick two traces of a transaction log, see them side by side with each edge compared', async ({ page }) => {
  const now = Math.floor(Date.now() / 1000);
  await waitForDemo('transaction messages', `/transactions/logs/1/detail/?time_step=Minute&limit=1&start=${now - 86_400}&end=${now}`, (b) => countOf(b) > 2, 600_000);
  await signIn(page);
  await page.goto('/transactions/1?range=24h');
  const table = page.getByRole('table', { name: 'Transaction messages' });
  const picks = table.getByRole('checkbox', { name: /^Compare the trace/ });
  await expect(picks.nth(1)).toBeVisible();
  await expect(page.getByText('Tick two messages to compare their traces (0 of 2).')).toBeVisible();
  await picks.nth(0).check();
  await picks.nth(1).check();
  await page.getByRole('link', { name: 'Compare the two traces' }).click();

  await expect(page).toHaveURL(/\/trace\/diff\?a=.+&b=.+/);
  await expect(page.getByRole('heading', { name: /^Trace diff:/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^A at / })).toBeVisible();
  await expect(page.getByRole('img', { name: /^B at / })).toBeVisible();
  const edges = page.getByRole('table', { name: 'Time per edge, trace A against trace B' });
  await expect(edges.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /edges changed|No edge changed/ })).toBeVisible();
  // Every edge says how it compares: a signed difference, or that it is new or gone in B.
  for (const cell of await edges.getByRole('row').locator('td:nth-child(5)').allTextContents()) expect(cell).toMatch(/^([+−][\d.]+ (µs|ms|s)|new in B|gone in B)$/);
  await expectNoSeriousA11yIssues(page);

  // The URL holds both traces: a reload shows the same diff.
  const url = page.url();
  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(edges.getByRole('row').nth(1)).toBeVisible();
});
