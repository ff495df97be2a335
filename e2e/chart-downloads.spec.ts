import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { loadSeeded, signIn } from './fixtures/account';

test('charts: download a chart as CSV with its header row, and as a PNG image; overlay the day before', async ({ page }) => {
  const seeded = loadSeeded();
  await signIn(page);
  await page.goto(`/servers/${seeded.serverIds[0]}?range=1h`);
  const network = page.getByRole('figure', { name: /^Network:/ });
  await expect(network.getByRole('slider')).toBeVisible();

  const [csv] = await Promise.all([page.waitForEvent('download'), network.getByRole('button', { name: 'Network: download CSV' }).click()]);
  expect(csv.suggestedFilename()).toBe('network.csv');
  const lines = readFileSync((await csv.path())!, 'utf8').split('\r\n');
  expect(lines[0]).toBe('time,time_utc,In,Out');
  expect(lines[1]).toMatch(/^\d+,\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z,[\d.]*,[\d.]*$/);
  expect(lines.length).toBeGreaterThan(10);

  const [png] = await Promise.all([page.waitForEvent('download'), network.getByRole('button', { name: 'Network: download PNG' }).click()]);
  expect(png.suggestedFilename()).toBe('network.png');
  const bytes = readFileSync((await png.path())!);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(bytes.length).toBeGreaterThan(2000);

  // The previous-period switch puts the day before in the URL and adds its dashed twins to the CSV.
  await network.getByRole('combobox', { name: 'Network: compare with' }).selectOption('day');
  await expect.poll(() => new URL(page.url()).searchParams.get('overlay')).toBe('day');
  // The day before is read after the switch: its twins are drawn (and exported) once it has arrived.
  await expect(network).toHaveAccessibleName(/^Network: 4 series,/);
  const [withPrev] = await Promise.all([page.waitForEvent('download'), network.getByRole('button', { name: 'Network: download CSV' }).click()]);
  expect(readFileSync((await withPrev.path())!, 'utf8').split('\r\n')[0]).toBe('time,time_utc,In,Out,In (day before),Out (day before)');
});
