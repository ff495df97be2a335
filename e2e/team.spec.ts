import { expect, test } from '@playwright/test';
import { demoTarget, signIn } from './fixtures/account';
import { apiGet, apiSend } from './fixtures/api';
import { expectNoSeriousA11yIssues } from './fixtures/axe';

test('a Regular user made by the API signs in with their own key, sees the fleet, and is offered no save', async ({ page, browser }) => {
  const email = `colleague${Date.now() % 100000}@example.com`;
  // The spec's POST /users/ (scripts); the dashboard invites instead (e2e/roles-ui.spec.ts).
  const created = (await apiSend('POST', '/users/', { form: { first_name: 'Grace', last_name: 'Hopper', email, country_code: '44', phone_number: '7700900123' } })) as { api_key: string };
  await signIn(page);
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Regular');
  // Teammates are invited; the form asks no phone number.
  await expect(page.getByRole('button', { name: 'New user' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Invite a teammate' }).getByLabel(/phone/i)).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);

  // The change is in the audit log, for managers (filtered to users: axe reads a short page).
  await page.goto('/audit?resource=users&action=create');
  await expect(page.getByRole('table', { name: 'Audit entries' }).getByRole('row').filter({ hasText: "created user 'Grace Hopper'" }).first()).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // The colleague, in a browser of their own.
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  await signIn(them, { ...demoTarget(), email, apiKey: created.api_key });
  await expect(them.getByText(/\d+ of \d+ servers/)).toBeVisible();
  await expect(them.getByRole('link', { name: 'Audit', exact: true })).toHaveCount(0);
  const alertId = ((await apiGet('/alerts/?limit=1')) as { data: { id: number }[] }).data[0]!.id;
  await them.goto(`/alerts/${alertId}`);
  await expect(them.getByText('Read-only: changing this needs the Manager role.')).toBeVisible();
  await expect(them.getByRole('button', { name: 'Save alert' })).toHaveCount(0);
  await expect(them.getByRole('button', { name: 'Delete alert' })).toHaveCount(0);
  // Configuration lists are read-only for them.
  await them.goto('/tags');
  await expect(them.getByText('Read-only: changing this needs the Manager role.')).toBeVisible();
  await expect(them.getByRole('button', { name: 'New tag' })).toHaveCount(0);
  await theirs.close();
});

test('a second tab opens signed in, and signing out ends the session on the server', async ({ page, context }) => {
  await signIn(page);
  const second = await context.newPage();
  await second.goto('/incidents');
  await expect(second.getByRole('heading', { name: 'Incidents', exact: true })).toBeVisible();
  await second.close();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Fleetwatch' })).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.filter((c) => c.name === 'fw_session' && c.value !== '')).toEqual([]);
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in\?next=%2F$/);
});

test('a user makes a new key for themselves; a manager makes them Manager and revokes their key', async ({ page, browser }) => {
  const email = `rotator${Date.now() % 100000}@example.com`;
  const created = (await apiSend('POST', '/users/', {
    form: { first_name: 'Alan', last_name: 'Turing', email, country_code: '44', phone_number: '7700900124' },
  })) as { api_key: string };
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  await signIn(them, { ...demoTarget(), email, apiKey: created.api_key });
  await them.getByRole('link', { name: 'Users', exact: true }).click();
  // A Regular user edits only their own row, and has no add button.
  await expect(them.getByRole('button', { name: 'New user' })).toHaveCount(0);
  await expect(them.getByRole('button', { name: 'Edit Alan Turing' })).toBeVisible();
  await expect(them.getByRole('button', { name: 'Edit demo Owner' })).toHaveCount(0);
  await them.getByRole('button', { name: 'New API key for Alan Turing' }).click();
  await them.getByRole('alertdialog').getByRole('button', { name: 'New key' }).click();
  const fresh = (await them.getByRole('region', { name: `New API key for ${email}` }).getByLabel('New API key').textContent())!.trim();
  expect(fresh).not.toBe(created.api_key);
  await expectNoSeriousA11yIssues(them);
  await theirs.close();

  await signIn(page);
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await page.getByRole('button', { name: 'Make Alan Turing a Manager' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Make Manager' }).click();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Manager');
  await page.getByRole('button', { name: 'Revoke the API key of Alan Turing' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByRole('row').filter({ hasText: email }).getByRole('status')).toHaveText('Key revoked.');

  // Neither the first key nor the new one signs in any more.
  const later = await (await browser.newContext()).newPage();
  for (const key of [created.api_key, fresh]) {
    await later.goto('/sign-in');
    await later.getByLabel('Email').fill(email);
    await later.getByLabel('API key').fill(key);
    await later.getByRole('button', { name: 'Sign in' }).click();
    await expect(later.getByRole('alert')).toHaveText('Wrong e-mail or API key.');
  }
});
