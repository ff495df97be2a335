import { expect, test } from '@playwright/test';
import { loadSeeded, signIn } from './fixtures/account';

test('correlate: build a view of series from two servers and a log, reload the shared URL, see the same series', async ({ page }) => {
  const seeded = loadSeeded();
  await signIn(page);
  await page.getByRole('link', { name: 'Correlate' }).first().click();
  await expect(page.getByRole('heading', { name: 'Correlate' })).toBeVisible();
  await page.goto(`${new URL(page.url()).pathname}?range=1h`);

  const picker = page.getByRole('form', { name: 'Add a series' });
  const add = async (kind: string, source: RegExp, field: string) => {
    await picker.getByLabel('Kind').selectOption({ label: kind });
    const sourceSelect = picker.getByLabel(kind, { exact: true });
    await expect(sourceSelect.locator('option', { hasText: source }).first()).toBeAttached();
    const value = await sourceSelect.locator('option', { hasText: source }).first().getAttribute('value');
    await sourceSelect.selectOption(value!);
    await picker.getByLabel('Field').selectOption({ label: field });
    await picker.getByRole('button', { name: 'Add series' }).click();
  };
  await add('Server', /^e2e-web-01$/, 'CPU %');
  await add('Server', /^e2e-web-02$/, 'Memory');
  await add('Log messages', /app\.log/, 'Critical');

  const chosen = page.getByRole('list', { name: 'Chosen series' });
  // Every request of the page answered (no banner of failed requests, e.g. for a source not yet chosen).
  await expect(page.getByText(/requests? of this page failed/)).toHaveCount(0);
  const expected = ['e2e-web-01 · CPU %', 'e2e-web-02 · Memory', /app\.log · Critical/];
  for (const label of expected) await expect(chosen).toContainText(label);
  // Three units, three panels on one time axis.
  for (const title of ['Percent', 'Bytes', 'Counts']) await expect(page.getByRole('figure', { name: new RegExp(`^${title}:`) })).toBeVisible();
  const url = page.url();
  expect(new URL(url).searchParams.get('series')).toBe(`v1-s.${seeded.serverIds[0]}.cpu-s.${seeded.serverIds[1]}.memory-l.${seeded.logId}.critical`);

  // One crosshair: hovering the percent panel shows the time on the counts panel.
  const box = (await page.getByRole('slider', { name: 'Percent: minute' }).boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
  await expect(page.getByRole('slider', { name: 'Counts: minute' })).toContainText('UTC');

  // The shared link, opened afresh, shows the same series.
  await page.goto('about:blank');
  await page.goto(url);
  for (const label of expected) await expect(chosen).toContainText(label);
  await expect(page.getByRole('figure', { name: /^Percent: 1 series/ })).toBeVisible();

  // Removing a series rewrites the link.
  await chosen.getByRole('button', { name: 'Remove e2e-web-02 · Memory' }).click();
  await expect(page.getByRole('figure', { name: /^Bytes:/ })).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('series')).toBe(`v1-s.${seeded.serverIds[0]}.cpu-l.${seeded.logId}.critical`);
  await page.screenshot({ path: 'test-results/correlate.png', fullPage: true });
});

test('correlate: a link whose series list is broken says why, and offers an empty view', async ({ page }) => {
  await signIn(page);
  await page.goto('/correlate?series=v1-s.1.nonsense');
  await expect(page.getByText(/This link's series could not be read\. Series 1 \(field\) of the link: is not a field/)).toBeVisible();
  await page.getByRole('button', { name: 'Start an empty view' }).click();
  await expect(page.getByText(/could not be read/)).toHaveCount(0);
  expect(new URL(page.url()).searchParams.has('series')).toBe(false);
});
