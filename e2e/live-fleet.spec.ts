import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures/account';
import { apiGet, apiSend } from './fixtures/api';
import { openIncidentOn } from './fixtures/incident';
import { e2eRegistration } from './fixtures/seed';

// Issue 17, "a live fleet": incident state refreshes on its own, unhealthy servers come first, and the
// table flows with the page (no inner scroll box) on a laptop and on a phone.
test.describe.configure({ timeout: 120_000 });

const rowsOf = (page: Page) => page.getByRole('rowgroup', { name: 'Server rows' }).getByRole('row');

test('a new incident shows on the open fleet page within 20 s, without a reload, its server above every healthy one', async ({ page }) => {
  const guid = `e2e-live-${Date.now()}`;
  const hostname = 'e2e-live-01';
  const reg = (await apiSend('POST', '/collector/register', { json: e2eRegistration(guid, hostname) })) as { server_id: number };
  await signIn(page);
  const rows = rowsOf(page);
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).not.toContainText(hostname);
  let loads = 0;
  page.on('load', () => loads++);

  const alert = await openIncidentOn(reg.server_id, guid, 'live-fleet');
  // The engine's own delay is not the page's: from when the service says the alert is in incident, 20 s.
  await expect
    .poll(async () => ((await apiGet('/alerts/')) as { data: { id: number; in_incident: boolean }[] }).data.find((a) => a.id === alert.id)?.in_incident, { timeout: 60_000 })
    .toBe(true);
  const live = rows.filter({ hasText: hostname });
  await expect(live.getByRole('cell').nth(6)).toHaveText(/^[1-9]\d* active$/, { timeout: 20_000 });
  expect(loads).toBe(0);
  // "Unhealthy first", newest trouble on top: only servers with incidents of their own sit above it
  // (another spec's server may have opened one since, e.g. a Server Down that follows the clock).
  const texts = await rows.allInnerTexts();
  const at = texts.findIndex((t) => t.includes(hostname));
  expect(at).toBeGreaterThanOrEqual(0);
  for (const t of texts.slice(0, at)) expect(t).toMatch(/\d+ active/);

  // "Only with incidents" leaves only servers in incident, the new one among them.
  // The box follows the URL, which the router updates in a transition: click, then wait for the state
  // (Playwright's check() reads the box at once and fails when a busy page renders the change late).
  const only = page.getByLabel('Only with incidents');
  await only.click();
  await expect(page).toHaveURL(/incidents=1/);
  await expect(only).toBeChecked();
  await expect(rows.filter({ hasText: hostname })).toHaveCount(1);
  for (const cell of await rows.getByRole('cell').nth(6).all()) await expect(cell).toHaveText(/\d+ active/);
  // The Incidents column sorts: ascending puts the healthy first.
  await only.click();
  await expect(page).not.toHaveURL(/incidents=1/);
  await expect(only).not.toBeChecked();
  await page.getByRole('button', { name: /^Incidents/ }).click();
  await expect(page).toHaveURL(/sort=incidents&dir=asc/);
  // Healthy rows first, then those in incident (of the rows shown). Which servers are healthy
  // at this instant is not this spec's (other specs' servers that never upload go down with the clock).
  const inIncident = async () => (await rows.allInnerTexts()).map((t) => /\d+ active/.test(t));
  await expect.poll(async () => {
    const sick = await inIncident();
    return sick.length > 0 && sick.every((s, i) => i === 0 || s || !sick[i - 1]);
  }).toBe(true);
  if ((await inIncident()).includes(false)) await expect(rows.first().getByRole('cell').nth(6)).toHaveText('–');
});

for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
  test(`the fleet table has no scroll box of its own at ${viewport.width}x${viewport.height}: the page scrolls to its last server`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page);
    await page.goto('/?sort=name');
    const rows = rowsOf(page);
    await expect(rows.first()).toBeVisible();
    const names = ((await apiGet('/servers/?limit=1000')) as { data: { hostname: string; nickname: string }[] }).data.map((s) => s.nickname || s.hostname);
    const key = (n: string) => n.toLowerCase();
    const last = names.reduce((a, b) => (key(b) > key(a) ? b : a));
    // Nothing between the rows and the page scrolls on its own.
    const boxes = await page.getByRole('table', { name: 'Servers' }).evaluate((table) => {
      const out: string[] = [];
      for (let el: Element | null = table; el; el = el.parentElement) if (/(auto|scroll)/.test(getComputedStyle(el).overflowY) && el !== document.documentElement && el !== document.body) out.push(el.tagName);
      for (const el of table.querySelectorAll<HTMLElement>('*')) if (/(auto|scroll)/.test(getComputedStyle(el).overflowY)) out.push(el.tagName);
      return out;
    });
    expect(boxes).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(rows.getByRole('link', { name: last, exact: true })).toBeInViewport();
  });
}
