import { expect, test, type Page } from '@playwright/test';
import { demoTarget, loadSeeded, signIn } from './fixtures/account';
import { apiGet, apiSend } from './fixtures/api';
import { expectNoSeriousA11yIssues } from './fixtures/axe';

// Roles in the dashboard (issue 17): a Regular user is offered no write; teammates join by an e-mailed
// invitation; the audit log reads in names and local times and filters by user.

const run = Date.now() % 1_000_000;

/** A request as a given user (Basic auth with their own key). */
async function apiAs(who: { email: string; key: string }, method: 'POST' | 'PUT', path: string, form: Record<string, string>): Promise<unknown> {
  const res = await fetch(`${demoTarget().baseUrl}/api/v5${path}`, {
    method,
    headers: { Authorization: `Basic ${Buffer.from(`${who.email}:${who.key}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  const json: unknown = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A user made through the spec's POST /users/ (as scripts do), with the key to sign in. */
async function makeUser(first: string, role: 2 | 3): Promise<{ id: number; email: string; key: string; name: string }> {
  const email = `${first.toLowerCase()}${run}@example.com`;
  const u = (await apiSend('POST', '/users/', { form: { first_name: first, last_name: 'Tester', email, country_code: '44', phone_number: String(7_700_900_000 + run), role: String(role) } })) as { id: number; api_key: string };
  return { id: u.id, email, key: u.api_key, name: `${first} Tester` };
}

const WRITES = /^(New|Edit|Delete|Bulk edit|Withdraw|Make|Revoke)\b/;

async function expectNoWrites(page: Page, heading: string): Promise<void> {
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  await expect(page.getByText('Read-only: changing this needs the Manager role.')).toBeVisible();
  await expect(page.getByRole('button', { name: WRITES })).toHaveCount(0);
  await expect(page.getByRole('link', { name: WRITES })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
}

test('a Regular user sees no New, Edit or Delete on alerts, tags, sets and windows', async ({ browser }) => {
  // Five pages and a server page with its charts, on a machine shared with other work.
  test.setTimeout(120_000);
  const server = loadSeeded().serverIds[0]!;
  // Something in every list, so that a row's Edit and Delete would show if offered.
  await apiSend('POST', '/server_sets/', { form: { name: `e2e-roles-set-${run}`, servers: JSON.stringify([server]), server_tags: '[]' } });
  await apiSend('POST', '/maintenance_windows/', { form: { start: '2031-05-01 10:00', end: '2031-05-01 11:00', reason: `e2e roles ${run}`, servers: JSON.stringify([server]) } });
  const reader = await makeUser('Rita', 3);
  const page = await (await browser.newContext()).newPage();
  await signIn(page, { ...demoTarget(), email: reader.email, apiKey: reader.key });

  await page.goto('/alerts');
  await expectNoWrites(page, 'Alerts');
  const menu = page.getByRole('button', { name: /^Actions for alert / }).first();
  await menu.click();
  await expect(page.getByRole('menuitem')).toHaveText(['View']);
  await page.keyboard.press('Escape');

  for (const [path, heading, row] of [['/tags', 'Server tags', 'e2e-web'], ['/server-sets', 'Server sets', `e2e-roles-set-${run}`], ['/maintenance', 'Maintenance windows', `e2e roles ${run}`]] as const) {
    await page.goto(path);
    await expect(page.getByRole('row').filter({ hasText: row }).first()).toBeVisible();
    await expectNoWrites(page, heading);
  }
  // A server's tags read as names, without checkboxes.
  await page.goto(`/servers/${server}`);
  // The server page loads its charts alongside: the tags may take a while on a busy machine.
  await expect(page.getByRole('region', { name: 'Tags' }).getByText(/e2e-web/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);
});

test("an invitation e-mail's link lets the invitee set their name and sign in", async ({ page, browser }) => {
  const email = `invitee${run}@example.com`;
  await signIn(page);
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  const invite = page.getByRole('region', { name: 'Invite a teammate' });
  await invite.getByLabel('First name').fill('Grace');
  await invite.getByLabel('Last name').fill('Hopper');
  await invite.getByLabel('E-mail address').fill(email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByRole('status')).toHaveText(`Invitation sent to ${email}.`);
  await expect(invite.getByRole('row').filter({ hasText: email })).toContainText('Regular');
  await expectNoSeriousA11yIssues(page);

  // Without SMTP_URL (as here) the service keeps the e-mail in its outbox; a Manager reads its link.
  let link: string | undefined;
  await expect
    .poll(async () => {
      const rows = ((await apiGet('/notifications/?limit=100')) as { data: { recipient: string; body: string }[] }).data;
      link = /https?:\/\/\S+\/invite\/\S+/.exec(rows.find((r) => r.recipient === email)?.body ?? '')?.[0];
      return link;
    }, { message: 'the invitation e-mail in the outbox' })
    .toBeTruthy();

  const theirs = await (await browser.newContext()).newPage();
  await theirs.goto(new URL(link!).pathname);
  await expect(theirs.getByText(`invites ${email} as a Regular user`)).toBeVisible();
  await theirs.getByLabel('First name').fill('Grace B.');
  await theirs.getByRole('button', { name: 'Join and get my API key' }).click();
  const key = (await theirs.getByRole('region', { name: 'Your API key' }).getByLabel('API key', { exact: true }).textContent())!.trim();
  expect(key.length).toBeGreaterThan(20);
  await expectNoSeriousA11yIssues(theirs);
  await theirs.getByRole('button', { name: 'Sign in to Fleetwatch' }).click();
  await expect(theirs.getByRole('heading', { name: 'Fleet', exact: true })).toBeVisible();

  // The link works once.
  const again = await (await browser.newContext()).newPage();
  await again.goto(new URL(link!).pathname);
  await expect(again.getByRole('alert')).toContainText('This invitation was already used');
  // And the inviter's list shows them as a user, no longer as pending.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: email })).toContainText('Grace B. Hopper');
  await expect(page.getByRole('region', { name: 'Invite a teammate' }).getByRole('row').filter({ hasText: email })).toHaveCount(0);
});

test('the audit page filtered to one user shows only their changes, with names, not ids', async ({ page }) => {
  const editor = await makeUser('Edna', 2);
  const server = (await apiGet(`/servers/${loadSeeded().serverIds[1]}/`)) as { id: number; hostname: string; nickname: string };
  const serverName = server.nickname || server.hostname;
  const tagName = `audit-tag-${run}`;
  const tag = (await apiAs(editor, 'POST', '/server_tags/', { name: tagName, servers: '[]' })) as { id: number };
  await apiAs(editor, 'PUT', `/server_tags/${tag.id}/`, { name: tagName, servers: JSON.stringify([server.id]) });
  // Someone else's change in between, which the filter must leave out.
  await apiSend('POST', '/server_tags/', { form: { name: `audit-other-${run}`, servers: '[]' } });

  await signIn(page);
  await page.getByRole('link', { name: 'Audit', exact: true }).click();
  await page.getByLabel('User').selectOption({ label: editor.name });
  await expect(page).toHaveURL(new RegExp(`user=${editor.id}`));
  const table = page.getByRole('table', { name: 'Audit entries' });
  const rows = table.getByRole('row').filter({ hasNot: page.getByRole('columnheader') });
  await expect(rows).toHaveCount(2);
  for (const r of await rows.all()) await expect(r.getByRole('cell').nth(1)).toHaveText(editor.name);
  const update = rows.filter({ hasText: `changed tag '${tagName}'` });
  await expect(update).toContainText(`Servers: none → ${serverName}`);
  await expect(update).not.toContainText(`[${server.id}]`);
  await expect(rows.filter({ hasText: `created tag '${tagName}'` })).toHaveCount(1);
  await expect(table).not.toContainText(`audit-other-${run}`);
  await expectNoSeriousA11yIssues(page);
});
