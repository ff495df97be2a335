import { expect, test } from '@playwright/test';
import { demoTarget, signIn } from './fixtures/account';
import { apiGet, apiSend } from './fixtures/api';
import { openIncidents, registerServer } from './fixtures/incident';

const run = Date.now() % 1_000_000;

test('a manager creates a two-step escalation policy and attaches it to an alert', async ({ page }) => {
  const email = `esc${run}@example.com`;
  const last = `Pager${run}`;
  const manager = (await apiSend('POST', '/users/', { form: { first_name: 'Esc', last_name: last, email, country_code: '44', phone_number: String(7_700_900_000 + run), role: '2' } })) as { id: number; api_key: string };
  const servers = (await apiGet('/servers/?limit=2500')) as { data: { id: number; hostname: string }[] };
  const server = servers.data.find((s) => s.hostname === 'e2e-web-01')!;
  const alert = (await apiSend('POST', '/alerts/', { json: { name: `esc-${run}`, type: 'Server', target_id: server.id, trigger_type: 'CPU', threshold: 95, users: [manager.id] } })) as { id: number };
  await signIn(page, { ...demoTarget(), email, apiKey: manager.api_key });

  await page.goto('/escalation-policies');
  await page.getByRole('button', { name: 'New escalation policy' }).click();
  const name = `Night ops ${run}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  /** Picks the manager among a step's users (searched by name when the account has many). */
  const pickManager = async (step: number) => {
    const item = page.getByRole('listitem', { name: `Step ${step}` });
    const search = item.getByLabel('Search users');
    if (await search.count()) await search.fill(last);
    await item.getByRole('checkbox', { name: `Esc ${last}` }).check();
  };
  await pickManager(1);
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByLabel('Step 2: minutes after the incident began').fill('15');
  await pickManager(2);
  await page.getByRole('button', { name: 'Create policy' }).click();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('after 15 min');
  const policies = (await apiGet('/escalation_policies/')) as { data: { id: number; name: string; steps: { delay_minutes: number; targets: { users: number[] } }[] }[] };
  const policy = policies.data.find((p) => p.name === name)!;
  expect(policy.steps).toEqual([
    { delay_minutes: 0, targets: { users: [manager.id], schedules: [], channels: [] } },
    { delay_minutes: 15, targets: { users: [manager.id], schedules: [], channels: [] } },
  ]);

  await page.goto(`/alerts/${alert.id}`);
  await page.getByLabel('Escalation policy').selectOption({ label: name });
  await expect(page.getByText('the users below get no messages or reminders')).toBeVisible();
  await page.getByRole('button', { name: 'Save alert' }).click();
  await expect.poll(async () => ((await apiGet(`/alerts/${alert.id}/`)) as { escalation_policy: number | null }).escalation_policy).toBe(policy.id);
  await expect.poll(async () => ((await apiGet(`/escalation_policies/${policy.id}/`)) as { alerts: number[] }).alerts).toEqual([alert.id]);
});

test("a step whose only user was deleted pages the account owner, and the incident's timeline says so", async ({ page }) => {
  const gone = (await apiSend('POST', '/users/', { form: { first_name: 'Gone', last_name: `Away${run}`, email: `gone${run}@example.com`, country_code: '44', phone_number: String(7_700_800_000 + run), role: '3' } })) as { id: number };
  const policy = (await apiSend('POST', '/escalation_policies/', { json: { name: `Nobody left ${run}`, repeat: 0, steps: [{ delay_minutes: 0, targets: { users: [gone.id], schedules: [], channels: [] } }] } })) as { id: number };
  await apiSend('DELETE', `/users/${gone.id}/`);
  const { serverId, guid } = await registerServer(`e2e-esc-${run}`, `e2e-esc-${run}`);
  const [alert] = await openIncidents(`esc-owner-${run}`, 1, { serverId, guid }, { escalation_policy: String(policy.id) });
  let history: { id: number } | undefined;
  await expect
    .poll(async () => (history = ((await apiGet(`/alert_histories/?open=true&filter=[${alert!.id}]`)) as { data: { id: number }[] }).data[0]), { timeout: 60_000 })
    .toBeTruthy();
  await signIn(page);
  await page.goto(`/incidents/${history!.id}`);
  const timeline = page.getByRole('list', { name: 'Timeline of the incident' });
  // The walk runs every few seconds: the page follows the timeline without a reload.
  await expect(timeline.getByRole('listitem').filter({ hasText: 'nobody it names could be reached: the account owner was told instead' })).toHaveCount(1, { timeout: 60_000 });
});
