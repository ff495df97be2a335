import { expect, test } from '@playwright/test';
import { signIn } from './fixtures/account';
import { apiGet, countOf, waitForDemo } from './fixtures/api';
import { expectNoSeriousA11yIssues } from './fixtures/axe';
import { openIncident } from './fixtures/incident';
import { everyRoute, openTrace, sidewaysOverflow } from './fixtures/routes';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
// Every route needs the demo's incidents and transactions, which the service backfills while tests run.
test.describe.configure({ timeout: 300_000 });

test('no page is wider than a 390 px phone', async ({ page }) => {
  await waitForDemo('an incident', '/alert_histories/?start=0&limit=1', (b) => countOf(b) > 0);
  await waitForDemo('transaction messages', '/transactions/logs/1/detail/?time_step=Minute&limit=1', (b) => countOf(b) > 0);
  await page.goto('/sign-in');
  expect(await sidewaysOverflow(page), 'sign-in').toEqual([]);
  await signIn(page);
  for (const r of await everyRoute()) {
    await page.goto(r.path);
    await expect(page.getByRole('heading', { level: 1, name: r.heading }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await sidewaysOverflow(page), r.name).toEqual([]);
  }
  await openTrace(page);
  expect(await sidewaysOverflow(page), 'trace').toEqual([]);
});

test('on a phone the navigation folds behind Menu, and the fleet shows status and the fullest figure', async ({ page }) => {
  await signIn(page);
  const menu = page.getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();
  // The header is one short band that scrolls away, not a sticky third of the screen.
  const header = page.locator('header');
  expect(await header.evaluate((h) => getComputedStyle(h).position)).not.toBe('sticky');
  expect((await header.boundingBox())!.height).toBeLessThan(120);

  await menu.click();
  await expect(nav.getByRole('link', { name: 'Settings' })).toBeInViewport();
  await expectNoSeriousA11yIssues(page);
  await nav.getByRole('link', { name: 'Alerts' }).click();
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  await menu.click();
  await nav.getByRole('link', { name: 'Fleet' }).click();
  await page.getByLabel('Name').fill('e2e-web-01');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'e2e-web-01', exact: true }) });
  await expect(row.getByRole('cell', { name: /^(Running|Stopped)$/ })).toBeInViewport();
  await expect(row.getByLabel(/^Fullest figure, (CPU|Memory|Disk) \d/)).toBeInViewport();
  await expect(row.getByRole('cell', { name: /^CPU \d/ })).toBeHidden();
  await expectNoSeriousA11yIssues(page);
});

test('on a phone Incidents are cards: state, start, duration and server in view, subjects of at most 3 lines, acknowledge in a tap', async ({ page }) => {
  const alert = await openIncident('phone-cards');
  await waitForDemo('the incident', `/alert_histories/?open=true&filter=[${alert.id}]`, (b) => countOf(b) > 0, 60_000);
  const { subject } = ((await apiGet(`/alert_histories/?open=true&filter=[${alert.id}]`)) as { data: { subject: string }[] }).data[0]!;
  await signIn(page);
  await page.goto('/incidents');
  const list = page.getByRole('list', { name: 'Incidents open now' });
  await expect(list).toBeVisible();
  await expect(page.getByRole('table', { name: 'Incidents open now' })).toBeHidden();
  await page.waitForLoadState('networkidle');

  const cards = list.getByRole('listitem');
  expect(await cards.count()).toBeGreaterThan(0);
  for (const card of await cards.all()) {
    for (const term of ['State', 'Started (UTC)', 'Duration', 'Server']) {
      const box = (await card.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]').boundingBox())!;
      expect(box.width, `${term} is shown`).toBeGreaterThan(0);
      expect(box.x, `${term} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${term} ends on screen`).toBeLessThanOrEqual(390);
    }
    // Nothing in a card scrolls or sticks out sideways; a subject takes at most three lines.
    expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const lines = await card.getByRole('link').first().evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
    expect(lines).toBeLessThanOrEqual(3.05);
  }
  expect(await sidewaysOverflow(page)).toEqual([]);

  // The acknowledgement column lives on in the card: one tap, then who has it.
  const mine = cards.filter({ hasText: alert.name });
  const ack = mine.getByRole('button', { name: `Acknowledge ${subject}` });
  expect((await ack.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await ack.tap();
  await expect(mine.getByText(/^Acknowledged by /)).toBeVisible();
  await page.screenshot({ path: 'test-results/incidents-phone-cards.png', fullPage: true });
  await expectNoSeriousA11yIssues(page);
});
