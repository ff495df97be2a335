import { expect, test } from '@playwright/test';
import { loadSeeded, signIn } from './fixtures/account';
import { apiGet, apiSend } from './fixtures/api';
import { expectNoSeriousA11yIssues } from './fixtures/axe';

type Answer = { id: number; subscribers: { url: string; has_secret: boolean }[] | null };
const hasSecret = async (id: number) => ((await apiGet(`/alerts/${id}/`)) as Answer).subscribers?.map((s) => s.has_secret);

test('a subscriber secret survives saving the alert in the dashboard, and can be removed and replaced there', async ({ page }) => {
  const owner = ((await apiGet('/users/')) as { data: { id: number }[] }).data[0]!.id;
  const created = (await apiSend('POST', '/alerts/', {
    json: {
      name: 'E2E signed', type: 'Server', target_id: loadSeeded().serverIds[0], trigger_type: 'CPU', threshold: 99, users: [owner],
      subscribers: [{ url: 'http://127.0.0.1:9/signed', type: 'post', secret: 'k1' }, 'http://127.0.0.1:9/plain'],
    },
  })) as Answer;
  expect(await hasSecret(created.id)).toEqual([true, false]);

  await signIn(page);
  await page.goto(`/alerts/${created.id}`);
  await expect(page.getByRole('heading', { name: 'Alert: E2E signed' })).toBeVisible();
  await expect(page.getByText('Secret set')).toHaveCount(1);
  await expect(page.getByLabel('Subscriber 1 signing secret')).toHaveValue('');
  await expectNoSeriousA11yIssues(page);

  // Saving other changes, the subscriber list included, keeps the secret.
  await page.getByLabel('Name').fill('E2E signed edited');
  await page.getByLabel('Subscriber 1 events').selectOption('TRIGGERED');
  await page.getByRole('button', { name: 'Save alert' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Alert saved.' })).toBeVisible();
  expect(await hasSecret(created.id)).toEqual([true, false]);

  await page.getByRole('button', { name: 'Remove secret of subscriber 1' }).click();
  await expect(page.getByText('Secret will be removed')).toBeVisible();
  await page.getByRole('button', { name: 'Save alert' }).click();
  await expect.poll(() => hasSecret(created.id)).toEqual([false, false]);
  // The form restarts from the saved alert; edits wait for that, as a person would see the notice go.
  await expect(page.getByText('Secret will be removed')).toHaveCount(0);
  await expect(page.getByText('Secret set')).toHaveCount(0);

  await page.getByLabel('Subscriber 2 signing secret').fill('k2');
  await page.getByRole('button', { name: 'Save alert' }).click();
  await expect.poll(() => hasSecret(created.id)).toEqual([false, true]);
  await expect(page.getByText('Secret set')).toHaveCount(1);
  await expect(page.getByLabel('Subscriber 2 signing secret')).toHaveValue('');
});
