import { expect, test } from '@playwright/test';
import { loadSeeded, signIn } from './fixtures/account';
import { apiGet, apiSend } from './fixtures/api';
import { expectNoSeriousA11yIssues } from './fixtures/axe';

test('alerts list: the newest first, filtered by type and server, actions in a row menu, delete asks first', async ({ page }) => {
  const [first, , third] = loadSeeded().serverIds;
  const make = async (name: string, target: number) =>
    (await apiSend('POST', '/alerts/', { form: { name, type: 'Server', target_id: String(target), trigger_type: 'CPU', threshold: '95', users: '[1]' } })) as { id: number };
  await make('E2E list older', first!);
  const newest = await make(`E2E list new ${Date.now() % 100000}`, third!);
  const name = ((await apiGet(`/alerts/${newest.id}/`)) as { name: string }).name;

  await signIn(page);
  await page.getByRole('link', { name: 'Alerts', exact: true }).click();
  const rows = page.getByRole('rowgroup', { name: 'Alert rows' }).getByRole('row');
  await expect(rows.first()).toContainText(name);
  await expectNoSeriousA11yIssues(page);

  // By type, then by server: only the server's alerts stay, and the URL keeps the view.
  await page.getByLabel('Type').selectOption('Server');
  await page.getByLabel('Server', { exact: true }).selectOption(String(third));
  await expect(page).toHaveURL(/type=Server&server=\d+/);
  await expect(rows.first()).toContainText(name);
  for (const row of await rows.all()) await expect(row).toContainText('e2e-web-03');
  await page.getByLabel('Filter', { exact: true }).fill('no such alert anywhere');
  await expect(page.getByText('No alerts match these filters.')).toBeVisible();
  await page.getByLabel('Filter', { exact: true }).fill('E2E list');

  // The menu by keyboard: Enter opens it on its first item, arrows move, Escape closes it onto its button.
  const menuButton = page.getByRole('button', { name: `Actions for alert ${name}` });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: `Actions for alert ${name}` });
  await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Deactivate' })).toBeFocused();
  await expectNoSeriousA11yIssues(page);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

  await menuButton.click();
  await menu.getByRole('menuitem', { name: 'Deactivate' }).click();
  await expect(rows.filter({ hasText: name })).toContainText('Inactive');
  await expect.poll(async () => ((await apiGet(`/alerts/${newest.id}/`)) as { active: boolean }).active).toBe(false);

  // No Delete button in the rows: deleting goes through the menu and a question; Cancel keeps it.
  await expect(page.getByRole('rowgroup', { name: 'Alert rows' }).getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await menuButton.click();
  await menu.getByRole('menuitem', { name: 'Delete…' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete the alert "${name}"?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoSeriousA11yIssues(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows.filter({ hasText: name })).toHaveCount(1);
  await menuButton.click();
  await menu.getByRole('menuitem', { name: 'Delete…' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(rows.filter({ hasText: name })).toHaveCount(0);
  expect(await apiGet(`/alerts/${newest.id}/`)).toMatchObject({ error: { status: 404 } });
});

test.describe('in a browser in India (UTC+05:30)', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('maintenance form: local date-time sent as UTC, servers by tag, search, all and none', async ({ page }) => {
    await signIn(page);
    await page.getByRole('link', { name: 'Maintenance' }).click();
    await page.getByRole('button', { name: 'New window' }).click();
    const start = page.getByLabel(/^Start/);
    // Chromium names the zone by its older IANA alias.
    await expect(page.getByText(/^Start \(Asia\/(Kolkata|Calcutta), UTC\+05:30\)$/)).toBeVisible();
    await start.fill('2031-03-01T01:15');
    // 01:15 in India is 19:45 UTC the day before.
    await expect(start).toHaveAccessibleDescription('2031-02-28 19:45 UTC');
    await page.getByLabel(/^End/).fill('2031-03-01T03:00');
    await expect(page.getByLabel(/^End/)).toHaveAccessibleDescription('2031-02-28 21:30 UTC');

    const servers = page.getByRole('group', { name: /^Servers \(/ });
    await expect(servers.getByRole('checkbox')).toHaveCount(0);
    await page.getByLabel("Add a tag's servers").selectOption({ label: 'e2e-web (2)' });
    await expect(servers).toHaveAccessibleName(/^Servers \(2 of \d+ selected\)/);
    const chosen = page.getByRole('list', { name: 'Selected servers' });
    await expect(chosen.getByRole('listitem')).toHaveText(['e2e-web-01×', 'e2e-web-02×']);
    await page.getByRole('button', { name: 'Remove e2e-web-02' }).click();
    await page.getByLabel('Search servers').fill('E2E-WEB');
    await expect(page.getByText('3 servers match')).toBeVisible();
    await page.getByRole('button', { name: 'Select the 3 matching' }).click();
    await expect(chosen.getByRole('listitem')).toHaveText(['e2e-web-01×', 'e2e-web-02×', 'e2e-web-03×']);
    await page.getByRole('button', { name: 'Select none' }).click();
    await expect(chosen).toHaveCount(0);
    await page.getByRole('button', { name: /^Select all \d+$/ }).click();
    await expect(servers).toHaveAccessibleName(/^Servers \((\d+) of \1 selected\)/);
    await page.getByRole('button', { name: 'Select none' }).click();
    await page.getByRole('checkbox', { name: 'e2e-web-03' }).check();
    await expectNoSeriousA11yIssues(page);
    await page.getByLabel('Reason').fill('E2E Kolkata window');
    await page.getByRole('button', { name: 'Save window' }).click();

    // The list shows UTC; the service stored exactly the converted minutes.
    const row = page.getByRole('row', { name: /E2E Kolkata window/ });
    await expect(row).toContainText('2031-02-28 19:45');
    await expect(row).toContainText('2031-02-28 21:30');
    const all = (await apiGet('/maintenance_windows/')) as { data: { id: number; start: number; end: number; reason: string; servers: number[] }[] };
    const saved = all.data.find((w) => w.reason === 'E2E Kolkata window')!;
    expect([saved.start, saved.end, saved.servers]).toEqual([Date.UTC(2031, 1, 28, 19, 45) / 1000, Date.UTC(2031, 1, 28, 21, 30) / 1000, [loadSeeded().serverIds[2]]]);

    // Editing shows the stored UTC minutes as Indian wall-clock time again.
    await page.getByRole('button', { name: 'Edit window 2031-02-28 19:45' }).click();
    await expect(page.getByLabel(/^Start/)).toHaveValue('2031-03-01T01:15');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete window 2031-02-28 19:45' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
  });
});
