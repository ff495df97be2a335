import { expect, test, type Page } from '@playwright/test';
import { demoTarget, signIn } from './fixtures/account';
import { apiGet, apiSend } from './fixtures/api';
import { expectNoSeriousA11yIssues } from './fixtures/axe';

/** A UTC calendar date `offset` days from today (the schedule runs in UTC, so its days are these). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const row = (page: Page, date: string) => page.getByRole('region', { name: 'On-call calendar' }).locator(`li[data-day="${date}"]`);
const names = async (page: Page, date: string) => row(page, date).locator('[data-shift]').evaluateAll((els) => els.map((e) => e.getAttribute('data-shift')));

test('a manager builds a weekly rotation of three with an override; the calendar and the Incidents page show who is on call', async ({ page }) => {
  const n = Date.now() % 100_000;
  const person = async (first: string, role = '3') => {
    const email = `${first.toLowerCase()}${n}@example.com`;
    const u = (await apiSend('POST', '/users/', { form: { first_name: `${first}${n}`, last_name: 'Oncall', email, country_code: '44', phone_number: '7700900200', role } })) as { id: number; api_key: string };
    return { ...u, email, name: `${first}${n} Oncall` };
  };
  const [ada, bea, cy] = [await person('Ada'), await person('Bea'), await person('Cy')];
  const boss = await person('Boss', '2');
  await signIn(page, { ...demoTarget(), email: boss.email, apiKey: boss.api_key });

  await page.getByRole('link', { name: 'On-call schedules' }).click();
  await page.getByRole('button', { name: 'New schedule' }).click();
  const form = page.getByRole('form', { name: 'New schedule' });
  const schedule = `Platform ${n}`;
  await form.getByLabel('Name', { exact: true }).fill(schedule);
  await form.getByLabel('Time zone').fill('UTC');
  for (const u of [ada, bea, cy]) await form.getByLabel('Add a user to rotation 1').selectOption({ label: u.name });
  // Ada's first turn began yesterday at 09:00, so she is on call now whatever the hour.
  await form.getByLabel('First day').fill(day(-1));
  await form.getByLabel('Hand-off time').fill('09:00');
  await expectNoSeriousA11yIssues(page);
  await form.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByRole('heading', { name: schedule })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'On call now' })).toContainText(ada.name);

  // Today is marked; hand-offs at 09:00: Ada to Bea six days from now, Bea to Cy thirteen days from now.
  await expect(row(page, day(0))).toHaveAttribute('aria-current', 'date');
  await expect(row(page, day(0))).toContainText('today');
  expect(await names(page, day(0))).toEqual([ada.name]);
  expect(await names(page, day(6))).toEqual([ada.name, bea.name]);
  await expect(row(page, day(6)).getByRole('button', { name: `${bea.name}, ` })).toHaveAccessibleName(/09:00–24:00$/);
  expect(await names(page, day(13))).toEqual([bea.name, cy.name]);

  // An override: Cy covers 10:00-14:00 the day after tomorrow, splitting Ada's shift.
  const overrides = page.getByRole('form', { name: 'Add an override' });
  await overrides.getByLabel('On call instead').selectOption({ label: cy.name });
  await overrides.getByLabel('From (UTC)').fill(`${day(2)}T10:00`);
  await overrides.getByLabel('To (UTC)').fill(`${day(2)}T14:00`);
  await overrides.getByRole('button', { name: 'Add override' }).click();
  await expect(row(page, day(2)).getByRole('button', { name: /\(override\)$/ })).toHaveAccessibleName(new RegExp(`^${cy.name}, .* 10:00–14:00 \\(override\\)$`));
  expect(await names(page, day(2))).toEqual([ada.name, cy.name, ada.name]);
  await expect(page.getByRole('region', { name: 'Overrides' })).toContainText(`${cy.name} from`);

  // Take this shift, in two clicks: Bea's shift eight days from now becomes the manager's.
  await row(page, day(8)).getByRole('button', { name: `${bea.name}, ` }).click();
  await page.getByRole('region', { name: 'Picked shift' }).getByRole('button', { name: 'Take this shift' }).click();
  await expect.poll(() => names(page, day(8))).toEqual([boss.name]);
  await expectNoSeriousA11yIssues(page);

  // The same through the API: the override is the manager's, the schedule names Ada now.
  const id = Number(page.url().split('/').pop());
  const stored = (await apiGet(`/schedules/${id}/`)) as { overrides: { user_id: number }[] };
  expect(stored.overrides.map((o) => o.user_id)).toEqual([cy.id, boss.id]);

  await page.getByRole('link', { name: 'Incidents', exact: true }).click();
  const onCall = page.getByLabel('On call now');
  await expect(onCall.getByRole('link', { name: `${ada.name} (${schedule})` })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await onCall.getByRole('link', { name: `${ada.name} (${schedule})` }).click();
  await expect(page.getByRole('heading', { name: schedule })).toBeVisible();
});
