import { expect, test } from '@playwright/test';
import { signIn } from './fixtures/account';
import { apiGet, countOf, waitForDemo } from './fixtures/api';
import { expectNoSeriousA11yIssues } from './fixtures/axe';

// Applications appear once detection has run over the demo fleet, which streams in while the tests run.
test.describe.configure({ timeout: 300_000 });

type AppList = { data: { id: number; name: string }[] };

test('fleet watcher opens an application, its charts, a minute of processes and detail, and a process', async ({ page }) => {
  await waitForDemo('detected applications', '/applications/', (b) => countOf(b) > 0);
  const app = ((await apiGet('/applications/')) as AppList).data[0]!;
  // The backfill sends the last day oldest first; once the last hour is filled, a click anywhere on a
  // 1h chart lands on a minute with data.
  const now = Math.floor(Date.now() / 1000);
  await waitForDemo(`the last hour of ${app.name}`, `/applications/${app.id}/data/?start=${now - 3600}&end=${now}`, (b) => countOf(b) >= 50);

  await signIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Applications' }).click();
  await expect(page).toHaveURL(/\/applications$/);
  const list = page.getByRole('table', { name: 'Applications' });
  await expect(list.getByRole('columnheader')).toHaveText(['Name', 'Servers', 'Template', 'Created']);
  await expectNoSeriousA11yIssues(page);

  await list.getByRole('link', { name: app.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: app.name })).toBeVisible();
  // The range bar shows where the charts follow it (not on the list).
  await page.getByRole('button', { name: '1h', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/applications/${app.id}\\?.*range=1h`));
  await expect(page.getByText(/^Template: /)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Servers of the application' }).getByRole('link').first()).toBeVisible();
  for (const title of ['CPU', 'Memory', 'Network', 'Processes and threads']) {
    await expect(page.getByRole('figure', { name: new RegExp(`^${title}: `) })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Processes running now' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // A minute clicked on a chart shows what was true then: processes, files, threads and sockets.
  const chart = page.getByRole('slider', { name: 'CPU: minute' });
  const box = (await chart.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height / 2);
  await expect(page).toHaveURL(/at=\d+/);
  await expect(page.getByRole('heading', { name: /^Processes at / })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Sockets at / })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Files at / })).toBeVisible();
  const processes = page.getByRole('table', { name: 'Processes of the application' });
  await expect(processes.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Sockets' }).getByRole('row').nth(1)).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // The process opens at the same minute.
  const at = new URL(page.url()).searchParams.get('at');
  const processLink = processes.getByRole('row').nth(1).getByRole('link').first();
  const processName = (await processLink.textContent())!.trim();
  await processLink.click();
  await expect(page).toHaveURL(new RegExp(`/processes/\\d+_\\d+_\\d+\\?.*at=${at}`));
  // Titled by the process's name, not its pid.
  await expect(page.getByRole('heading', { level: 1, name: processName })).toBeVisible();

  // Its server lists the application, and leads back to it.
  await page.getByRole('link', { name: /^Server: / }).click();
  await page.getByRole('link', { name: `Application: ${app.name}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/applications/${app.id}\\?`));
});
