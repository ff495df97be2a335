import { expect, test, type Locator, type Page } from '@playwright/test';
import { loadSeeded, signIn } from './fixtures/account';
import { expectNoSeriousA11yIssues } from './fixtures/axe';

/** The minute a chart's slider shows under a fraction of its width (the time axis is linear over the range). */
async function minuteAt(slider: Locator, f: number): Promise<number> {
  const min = Number(await slider.getAttribute('aria-valuemin'));
  const max = Number(await slider.getAttribute('aria-valuemax'));
  return Math.floor((min + f * (max - min)) / 60) * 60;
}
const atOf = (page: Page) => Number(new URL(page.url()).searchParams.get('at'));

test('charts: units, legends that isolate, a shared crosshair, the minute under the pointer, keyboard, drag to zoom and back', async ({ page }) => {
  const seeded = loadSeeded();
  await signIn(page);
  await page.goto(`/servers/${seeded.serverIds[0]}?range=1h`);
  const cpu = page.getByRole('slider', { name: 'CPU: minute' });
  await expect(cpu).toBeVisible();

  // Units people read: free space in GB (not "19.9k MB"), rates per second, whole counts.
  const free = page.getByRole('figure', { name: /^Free space per mount:/ });
  await expect(free).toContainText('GB');
  await expect(free).not.toContainText(/\dk\b/);
  await expect(page.getByRole('figure', { name: /^Network:/ })).toContainText('/s');
  await expect(page.getByRole('figure', { name: /^Processes and threads:/ }).locator('.recharts-yAxis')).not.toContainText('.');

  // The legend isolates a series, and a second click shows all again.
  const legend = page.getByRole('list', { name: 'CPU per core legend' });
  await legend.getByRole('button', { name: '0', exact: true }).click();
  await expect(legend.getByRole('button', { name: '1', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(legend.getByRole('button', { name: '0', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await legend.getByRole('button', { name: '0', exact: true }).click();
  await expect(legend.getByRole('button', { name: '1', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // One crosshair for the page: hovering the CPU chart shows the time and values on the memory chart too.
  const box = (await cpu.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  const memory = page.getByRole('slider', { name: 'Memory used: minute' });
  await expect(memory).toContainText('UTC');
  await expect(memory).toContainText(/Memory: [\d.]+ GB/);

  // A click picks the minute under the pointer (not the first of the range), marked on every chart.
  const expected = await minuteAt(cpu, 0.75);
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
  await expect(page).toHaveURL(/at=\d+/);
  expect(Math.abs(atOf(page) - expected)).toBeLessThanOrEqual(60);
  const charts = await page.getByRole('figure').count();
  await expect(page.locator('.chosen-minute')).toHaveCount(charts);

  // Keyboard: End, two steps back, Enter picks that minute.
  await cpu.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  const max = Number(await cpu.getAttribute('aria-valuemax'));
  await expect(cpu).toHaveAttribute('aria-valuenow', String(max - 120));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`at=${max - 120}`));
  await expectNoSeriousA11yIssues(page);

  // Drag to zoom: the dragged minutes become the global range; Back returns to the hour.
  // Measured again: the picked minute puts its top processes above the charts, so the chart moved down.
  await cpu.scrollIntoViewIfNeeded();
  const at = (await cpu.boundingBox())!;
  const before = page.url();
  const from = await minuteAt(cpu, 0.2);
  await page.mouse.move(at.x + at.width * 0.2 + 1, at.y + at.height / 2);
  await page.mouse.down();
  await page.mouse.move(at.x + at.width * 0.6, at.y + at.height / 2, { steps: 6 });
  await page.mouse.up();
  await expect(page).toHaveURL(/from=\d+&to=\d+/);
  expect(Math.abs(Number(new URL(page.url()).searchParams.get('from')) - from)).toBeLessThanOrEqual(60);
  await page.goBack();
  await expect(page).toHaveURL(before);

  // Dark mode: the same page, axe clean.
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('d');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectNoSeriousA11yIssues(page);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });
  test('a tap picks the minute under the finger', async ({ page }) => {
    const seeded = loadSeeded();
    await signIn(page);
    await page.goto(`/servers/${seeded.serverIds[0]}?range=1h`);
    const cpu = page.getByRole('slider', { name: 'CPU: minute' });
    const box = (await cpu.boundingBox())!;
    const expected = await minuteAt(cpu, 0.9);
    await page.touchscreen.tap(box.x + box.width * 0.9, box.y + box.height / 2);
    await expect(page).toHaveURL(/at=\d+/);
    expect(Math.abs(atOf(page) - expected)).toBeLessThanOrEqual(60);
  });
});

test('names, not ids: logs list searched by server name, log and process pages by name', async ({ page }) => {
  const seeded = loadSeeded();
  await signIn(page);
  await page.getByRole('link', { name: 'Logs', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Filter' }).fill('e2e-web-01');
  const table = page.getByRole('table', { name: 'Logs' });
  await expect(table.getByRole('link', { name: '/var/log/app.log' })).toBeVisible();
  await expect(table).toContainText('e2e-web-01');
  await expect(table).not.toContainText(/#\d+/);
  await page.getByRole('textbox', { name: 'Filter' }).fill('no-such-host');
  await expect(table).toHaveCount(0);
  await page.goto(`/logs/${seeded.logId}?range=1h`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('on e2e-web-01');
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText('#');
});

test('logs: messages of the whole range, contains search, regex switch, one severity palette', async ({ page }) => {
  const seeded = loadSeeded();
  await signIn(page);
  await page.goto(`/logs/${seeded.logId}?range=24h`);
  const list = page.getByRole('list', { name: 'Messages', exact: true });
  // 80 minutes old: the list follows the chart's 24 hours, not the last 15 minutes.
  await expect(list.getByText(/request 80 served/)).toBeVisible();
  await expect(page.getByRole('region', { name: /^Messages of the range/ })).toBeVisible();

  // Plain text is found anywhere in the message, regardless of case.
  await page.getByLabel('Search messages').fill('REQUEST 8 SERVED');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('request 8 served');

  // The regex switch sends a whole-message regular expression.
  await page.getByRole('checkbox', { name: 'Regular expression' }).check();
  await page.getByLabel(/^Regular expression \(matches the whole message\)/).fill('request 1[0-9] .*');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/re=1/);
  await expect(list.getByRole('listitem')).toHaveCount(10);

  // One palette: critical is red in the chart legend, the colour legend and the list.
  await page.getByRole('checkbox', { name: 'Regular expression' }).uncheck();
  await page.getByLabel('Search messages').fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Severity colours' }).getByRole('listitem')).toHaveText(['Critical', 'Warning', 'Info']);
  await expect(page.getByRole('list', { name: 'Messages by severity legend' }).getByRole('button')).toHaveText(['Critical', 'Warning', 'Info']);
  const red = await page.getByRole('list', { name: 'Severity colours' }).getByText('Critical').evaluate((e) => getComputedStyle(e).color);
  await expect(list.getByText('critical', { exact: true }).first()).toHaveCSS('color', red);
  const swatch = page.getByRole('list', { name: 'Messages by severity legend' }).getByRole('button', { name: 'Critical' }).locator('span');
  await expect(swatch).toHaveCSS('background-color', 'rgb(220, 38, 38)');
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('d');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectNoSeriousA11yIssues(page);
});
