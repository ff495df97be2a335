import { expect, test } from '@playwright/test';
import { signIn } from './fixtures/account';
import { apiSend } from './fixtures/api';
import { expectNoSeriousA11yIssues } from './fixtures/axe';

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('admin creates, edits and deletes an alert, with a validation error shown at its field', async ({ page }) => {
  await page.getByRole('link', { name: 'Alerts', exact: true }).click();
  await page.getByRole('link', { name: 'New alert' }).click();
  await page.getByLabel('Name').fill('E2E CPU');
  // Type first; the target picker and the trigger list follow it.
  await expect(page.getByLabel('Trigger')).toHaveCount(0);
  await page.getByLabel('Type', { exact: true }).selectOption('Server');
  await page.getByLabel('Target server').selectOption({ label: 'e2e-web-01' });
  await expect(page.getByLabel('Trigger').locator('option')).toContainText(['Server Down', 'CPU', 'Disk']);
  await expect(page.getByLabel('Trigger').locator('option', { hasText: 'Process Termination' })).toHaveCount(0);
  await page.getByLabel('Trigger').selectOption('CPU');
  await page.getByLabel('Threshold type').selectOption('out of band');
  await expect(page.getByLabel('Window length')).toBeVisible();
  await page.getByLabel('Threshold type').selectOption('static');
  await page.getByLabel('Threshold', { exact: true }).fill('80.5');
  await page.getByRole('button', { name: 'Create alert' }).click();
  await expect(page.getByLabel('Threshold', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Threshold', { exact: true })).toHaveAccessibleDescription('threshold must be an integer for CPU alerts (decimals only for Disk)');
  await expectNoSeriousA11yIssues(page);

  await page.getByLabel('Threshold', { exact: true }).fill('80');
  await page.getByRole('button', { name: 'Add subscriber' }).click();
  await page.getByLabel('Subscriber 1 URL').fill('http://127.0.0.1:9/hook');
  await page.getByRole('button', { name: 'Create alert' }).click();
  await expect(page.getByRole('heading', { name: 'Alert: E2E CPU' })).toBeVisible();
  await expect(page).toHaveURL(/\/alerts\/\d+$/);
  await expect(page.getByLabel('Target')).toHaveValue(/e2e-web-01/);

  // Edit: only what may change after creation is editable.
  await expect(page.getByLabel('Type', { exact: true })).toBeDisabled();
  await page.getByLabel('Name').fill('E2E CPU edited');
  await page.getByLabel('SMS for demo Owner').check();
  await page.getByRole('button', { name: 'Save alert' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Alert saved.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Alert: E2E CPU edited' })).toBeVisible();
  await page.getByRole('button', { name: 'Send test callback' }).click();
  await expect(page.getByText(/Test callback queued for 1 subscriber/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Redeliver delivery/ }).first()).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // Deleting asks first; Cancel keeps it.
  await page.getByRole('button', { name: 'Delete alert' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete the alert "E2E CPU edited"?' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await dialog.getByRole('button', { name: 'Delete alert' }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'E2E CPU edited' })).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);
});

test('admin adds, edits and deletes a maintenance window, with end before start refused at End', async ({ page }) => {
  await page.getByRole('link', { name: 'Maintenance' }).click();
  await page.getByRole('button', { name: 'New window' }).click();
  // The browser of these tests runs in UTC, so the picked time is the UTC one (see lists-forms.spec for another zone).
  await page.getByLabel(/^Start/).fill('2030-01-01T10:00');
  await page.getByLabel(/^End/).fill('2030-01-01T09:00');
  await page.getByLabel('Search servers').fill('e2e-web-0');
  await page.getByRole('checkbox', { name: 'e2e-web-01' }).check();
  await page.getByRole('button', { name: 'Save window' }).click();
  await expect(page.getByLabel(/^End/)).toHaveAccessibleDescription(/end must be after start/);
  await expectNoSeriousA11yIssues(page);
  await page.getByLabel(/^End/).fill('2030-01-01T12:00');
  await page.getByLabel('Reason').fill('Kernel upgrade');
  await page.getByRole('button', { name: 'Save window' }).click();
  const row = page.getByRole('row', { name: /2030-01-01 10:00/ });
  await expect(row).toContainText('Kernel upgrade');
  await expect(row).toContainText('e2e-web-01');

  await page.getByRole('button', { name: 'Edit window 2030-01-01 10:00' }).click();
  await page.getByLabel('Reason').fill('Kernel and firmware');
  await page.getByRole('button', { name: 'Save window' }).click();
  await expect(row).toContainText('Kernel and firmware');
  await expectNoSeriousA11yIssues(page);

  await page.getByRole('button', { name: 'Delete window 2030-01-01 10:00' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});

test('admin adds, renames and deletes a server tag', async ({ page }) => {
  await page.getByRole('link', { name: 'Tags' }).click();
  await page.getByRole('button', { name: 'New tag' }).click();
  await page.getByRole('button', { name: 'Save tag' }).click();
  await expect(page.getByLabel('Tag name')).toHaveAccessibleDescription('name must be 1-256 characters');
  await page.getByLabel('Tag name').fill('e2e-temp');
  await page.getByLabel('Filter servers').fill('e2e-web-02');
  await page.getByRole('checkbox', { name: 'e2e-web-02' }).check();
  await page.getByRole('button', { name: 'Save tag' }).click();
  await expect(page.getByRole('row', { name: /e2e-temp/ })).toContainText('e2e-web-02');
  await expectNoSeriousA11yIssues(page);

  await page.getByRole('button', { name: 'Edit tag e2e-temp' }).click();
  await page.getByLabel('Tag name').fill('e2e-renamed');
  await page.getByRole('button', { name: 'Save tag' }).click();
  await expect(page.getByRole('row', { name: /e2e-renamed/ })).toBeVisible();
  await page.getByRole('button', { name: 'Delete tag e2e-renamed' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: /e2e-renamed/ })).toHaveCount(0);
});

test('admin invites a teammate, withdraws the invitation, edits and deletes a user; the owner has no delete button', async ({ page }) => {
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('row', { name: /Account owner/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete demo Owner' })).toHaveCount(0);
  const invite = page.getByRole('region', { name: 'Invite a teammate' });
  await invite.getByLabel('First name').fill('Ada');
  await invite.getByLabel('Last name').fill('Lovelace');
  await invite.getByLabel('E-mail address').fill('not-an-address');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByLabel('E-mail address')).toHaveAccessibleDescription('Enter a valid e-mail address, like name@example.com');
  await expectNoSeriousA11yIssues(page);
  // A rule only the service can check (the address is taken) lands on the field it names too.
  await invite.getByLabel('E-mail address').fill('demo@example.com');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByLabel('E-mail address')).toHaveAccessibleDescription('a user profile with the e-mail demo@example.com already exists');
  await invite.getByLabel('E-mail address').fill('ada@example.com');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByRole('row', { name: /ada@example\.com/ })).toContainText('Regular');
  await invite.getByRole('button', { name: 'Withdraw the invitation of ada@example.com' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Withdraw' }).click();
  await expect(invite.getByRole('row', { name: /ada@example\.com/ })).toHaveCount(0);

  // A profile made by the spec's POST /users/ (as scripts do) is edited and deleted here.
  await apiSend('POST', '/users/', { form: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', country_code: '44', phone_number: '7700900123' } });
  await page.reload();
  await expect(page.getByRole('row', { name: /Ada Lovelace/ })).toContainText('+44 7700900123');
  await page.getByRole('button', { name: 'Edit Ada Lovelace' }).click();
  await page.getByRole('region', { name: 'Edit Ada Lovelace' }).getByLabel('Last name').fill('Byron');
  await page.getByRole('button', { name: 'Save user' }).click();
  await expect(page.getByRole('row', { name: /Ada Byron/ })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Ada Byron' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: /Ada Byron/ })).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);
});

test('settings: server sets, log sources and polled config forms; turning transactions off asks first', async ({ page }) => {
  await page.getByRole('link', { name: 'Server sets' }).click();
  await page.getByRole('button', { name: 'New set' }).click();
  await page.getByRole('button', { name: 'Save set' }).click();
  await expect(page.getByLabel('Set name')).toHaveAccessibleDescription('name must be 1-64 characters');
  await page.getByLabel('Set name').fill('E2E set');
  await page.getByRole('checkbox', { name: 'web', exact: true }).check();
  await page.getByRole('button', { name: 'Save set' }).click();
  await expect(page.getByRole('row', { name: /E2E set/ })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Server to configure').selectOption({ label: 'e2e-web-02' });
  await page.getByRole('button', { name: 'Add log source' }).click();
  await page.getByLabel('Log type').selectOption('SYSLOG');
  await page.getByRole('textbox', { name: 'Source' }).fill('99999');
  await page.getByRole('button', { name: 'Save log source' }).click();
  await expect(page.getByRole('textbox', { name: 'Source' })).toHaveAccessibleDescription('source must be a port number 1-65535 for SYSLOG');
  await page.getByRole('textbox', { name: 'Source' }).fill('5140');
  await page.getByRole('button', { name: 'Save log source' }).click();
  // The Settings page's retention panel asks for the store's sizes, which SQLite computes on the
  // service's only thread (dbstat and counts: about a second per few hundred MB while the demo backfills),
  // so the list's refetch can queue behind it; the closing note of 2026-11-28 names this as work to do.
  await expect(page.getByRole('listitem').filter({ hasText: '5140' })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Frequency (seconds)').fill('90');
  await page.getByRole('button', { name: 'Save polled-data config' }).click();
  await expect(page.getByLabel('Frequency (seconds)')).toHaveAccessibleDescription(/multiple of 60/);
  await expectNoSeriousA11yIssues(page);

  await page.getByRole('button', { name: 'Turn transactions off' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Turn transactions off?' });
  await expect(dialog).toContainText('cannot be undone');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(/Transaction capture is on/)).toBeVisible();
});
