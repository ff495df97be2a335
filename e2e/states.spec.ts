import { expect, test } from '@playwright/test';
import { loadSeeded, signIn } from './fixtures/account';
import { expectNoSeriousA11yIssues } from './fixtures/axe';

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('a failed request shows an error with Retry, and Retry loads the page once the service answers', async ({ page }) => {
  let failing = true;
  await page.route(/\/api\/v5\/alerts(\/|\?|$)/, (route) =>
    failing ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { status: 503, message: 'the alert store is unavailable' } }) }) : route.fallback(),
  );
  await page.goto('/alerts');
  const error = page.getByRole('alert').filter({ hasText: 'the alert store is unavailable' });
  // The client retries twice before it gives up; then the error state stays until Retry.
  await expect(error).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousA11yIssues(page);
  failing = false;
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(error).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Alerts' })).toBeVisible();
});

test('a page whose figures failed (not its list) says so with Retry instead of dashes', async ({ page }) => {
  let failing = true;
  await page.route(/\/api\/v5\/servers\/latest_data\//, (route) => (failing ? route.fulfill({ status: 500, body: 'oops' }) : route.fallback()));
  await page.goto('/');
  const banner = page.getByRole('alert').filter({ hasText: 'A request of this page failed, so some figures are missing.' });
  await expect(banner).toBeVisible({ timeout: 20_000 });
  failing = false;
  await banner.getByRole('button', { name: 'Retry' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('cell', { name: /^CPU \d/ }).first()).toBeVisible();
});

test('while a page loads it shows a skeleton announced as loading, not a bare line of text', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/api\/v5\/alerts(\/|\?|$)/, async (route) => {
    await held;
    await route.fallback();
  });
  await page.goto('/alerts');
  const status = page.getByRole('status').filter({ hasText: 'Loading alerts…' });
  await expect(status).toBeAttached();
  await expect(status.locator('[data-skeleton]')).toBeVisible();
  release();
  await expect(status).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Alerts' })).toBeVisible();
});

test('the range and refresh controls show only on pages that follow the range', async ({ page }) => {
  const range = page.getByRole('group', { name: 'Time range' });
  const server = loadSeeded().serverIds[0]!;
  for (const [path, shown] of [
    ['/', false],
    ['/alerts', false],
    ['/maintenance', false],
    ['/tags', false],
    ['/settings', false],
    [`/servers/${server}`, true],
    [`/logs/${loadSeeded().logId}`, true],
    ['/incidents', true],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(range, path).toHaveCount(shown ? 1 : 0);
  }
  // Going to a configuration page and back keeps the chosen range in the URL.
  await page.goto(`/servers/${server}?range=6h`);
  await page.getByRole('link', { name: 'Alerts', exact: true }).click();
  await expect(range).toHaveCount(0);
  await page.getByRole('link', { name: 'Fleet', exact: true }).click();
  await expect(page).toHaveURL(/\?range=6h$/);
});
