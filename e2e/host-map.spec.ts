import { expect, test } from '@playwright/test';
import { signIn } from './fixtures/account';
import { expectNoSeriousA11yIssues } from './fixtures/axe';

test('the host map opens a server by click, by keyboard, and from its table', async ({ page }) => {
  await signIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Host map' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Host map' })).toBeVisible();
  await page.getByLabel('Group by').selectOption('none');
  await page.getByLabel('Colour by').selectOption('incidents');
  await expect(page).toHaveURL(/group=none&colour=incidents/);
  const map = page.getByRole('application', { name: /^Host map of \d+ servers/ });
  await expect(map).toHaveAttribute('data-cells', /^\d+$/);

  // Hover the first cell (under the group's header line): the tooltip names it; a click opens it.
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + 6, box.y + 22 + 6);
  const tip = page.getByRole('tooltip');
  await expect(tip).toContainText('(All servers): Open incidents');
  const name = (await tip.textContent())!.split(' (')[0]!;
  await page.mouse.click(box.x + 6, box.y + 22 + 6);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/servers\/\d+/);

  // Keyboard: focus the map, move right, Enter opens the announced server.
  await page.goBack();
  await map.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  const live = page.locator('p[aria-live="polite"]').filter({ hasText: '(All servers)' });
  await expect(live).toHaveCount(1);
  const second = (await live.textContent())!.split(' (')[0]!;
  expect(second).not.toBe(name);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();

  // The table view lists the same servers as links.
  await page.goBack();
  await page.getByRole('button', { name: 'Show as table' }).click();
  await expect(page.getByRole('button', { name: 'Show as table' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('table', { name: /^Servers by group/ }).getByRole('link', { name: 'e2e-web-01' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'e2e-web-01' })).toBeVisible();
});
