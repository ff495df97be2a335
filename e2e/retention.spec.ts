import { expect, test } from '@playwright/test';
import { demoTarget, signIn } from './fixtures/account';
import { apiGet, apiSend } from './fixtures/api';
import { expectNoSeriousA11yIssues } from './fixtures/axe';

// Retention you can see and set (issue 21): the account owner changes how long logs are kept in
// Settings and sees it saved (after a reload too, and in the API); a Regular user sees the same table
// with sizes, read-only.

const run = Date.now() % 1_000_000;
const logsDays = () => apiGet('/retention/').then((b) => (b as { retention: { logs: number } }).retention.logs);

test.afterAll(async () => {
  await apiSend('PUT', '/retention/', { form: { logs: '30' } });
});

test('the owner changes how long logs are kept and sees it saved', async ({ page }) => {
  await signIn(page);
  await page.goto('/settings');
  const panel = page.getByRole('region', { name: 'Data retention' });
  const logs = panel.getByLabel('Logs: days kept');
  await expect(logs).toHaveValue(String(await logsDays()));
  await expect(panel.getByRole('row', { name: /Minute series/ })).toContainText(/\d+(\.\d)? (B|KB|MB|GB)/);
  await expect(panel.getByTestId('store-size')).toContainText('free disk');
  await expectNoSeriousA11yIssues(page);

  await logs.fill('500');
  await panel.getByRole('button', { name: 'Save retention' }).click();
  await expect(panel.getByRole('alert')).toHaveText('logs must be between 1 and 400');

  await logs.fill('21');
  await panel.getByRole('button', { name: 'Save retention' }).click();
  await expect(panel.getByRole('status')).toHaveText('Saved.');
  expect(await logsDays()).toBe(21);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Data retention' }).getByLabel('Logs: days kept')).toHaveValue('21');
});

test('a Regular user sees retention and sizes read-only', async ({ browser }) => {
  const email = `rhea${run}@example.com`;
  const u = (await apiSend('POST', '/users/', { form: { first_name: 'Rhea', last_name: 'Tester', email, country_code: '44', phone_number: String(7_700_800_000 + run), role: '3' } })) as { api_key: string };
  const page = await (await browser.newContext()).newPage();
  await signIn(page, { ...demoTarget(), email, apiKey: u.api_key });
  await page.goto('/settings');
  const panel = page.getByRole('region', { name: 'Data retention' });
  await expect(panel.getByRole('row', { name: /Minute series/ })).toContainText('days');
  await expect(panel.getByRole('row', { name: /Alert histories/ })).toBeVisible();
  await expect(panel.getByText('Read-only: changing retention needs the account owner.')).toBeVisible();
  await expect(panel.getByRole('textbox')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Save retention' })).toHaveCount(0);
});
