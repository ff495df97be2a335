import { expect, test, type Page } from '@playwright/test';
import { demoTarget, signIn } from './fixtures/account';
import { apiGet, countOf, waitForDemo } from './fixtures/api';
import { expectNoSeriousA11yIssues } from './fixtures/axe';
import { openIncident } from './fixtures/incident';
import { waitForMail } from './fixtures/mail';
import { sidewaysOverflow } from './fixtures/routes';

// Issue 18 journeys over one real incident (a CPU alert made here, triggered by a collector batch):
// acknowledge from the e-mailed link on a phone, a note in the timeline, a one-hour silence. In this
// order: the silence comes last, so it holds back nothing the first journeys wait for.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

type History = { id: number; subject: string; acknowledged_by: number | null };
type User = { id: number; first_name: string; last_name: string; email: string };
let alert: { id: number; name: string };
let history: History;

test.beforeAll(async () => {
  alert = await openIncident('incident-response');
  await waitForDemo('the incident', `/alert_histories/?open=true&filter=[${alert.id}]`, (b) => countOf(b) > 0, 60_000);
  history = ((await apiGet(`/alert_histories/?open=true&filter=[${alert.id}]`)) as { data: History[] }).data[0]!;
});

/**
 * The acknowledge link the on-call engineer was e-mailed for the incident, read from the run's mailbox
 * (the service sends through SMTP to the e2e mail sink). It arrives after the account's group window
 * (30 s by default), alone or in a grouped message with other incidents of that window: either way the
 * link whose token names this incident (a1.<account>.<history>.<user>...) is the one. Answers its path.
 */
async function ackLinkOf(historyId: number): Promise<string> {
  const me = demoTarget().email;
  const link = new RegExp(`https?://[^\\s"'<>]+(/ack/a1\\.\\d+\\.${historyId}\\.\\d+\\.[^\\s"'<>]+)`);
  return waitForMail(`an e-mail to ${me} with the acknowledge link of incident ${historyId}`, (text, mail) =>
    mail.to.includes(me) ? link.exec(text)?.[1] : undefined,
  );
}

const nameOf = (u: User) => `${u.first_name} ${u.last_name}`.trim() || u.email;

async function openIncidentPage(page: Page): Promise<void> {
  await signIn(page);
  await page.goto(`/incidents/${history.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(history.subject || `Incident ${history.id}`);
}

test('an on-call engineer acknowledges from the e-mailed link on a phone; another browser sees who has it', async ({ browser }) => {
  const path = await ackLinkOf(history.id);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const p = await phone.newPage();
  // No sign-in in this browser: the link is enough.
  await p.goto(path);
  await expect(p.getByRole('heading', { name: 'Acknowledge an incident' })).toBeVisible();
  await expect(p.getByText(alert.name).first()).toBeVisible();
  const confirm = p.getByRole('button', { name: 'Confirm: I have it' });
  await expect(confirm).toBeVisible();
  expect(await sidewaysOverflow(p)).toEqual([]);
  expect((await confirm.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await expectNoSeriousA11yIssues(p);
  // Opening the link acted on nothing (mail scanners open links too).
  expect(((await apiGet(`/alert_histories/${history.id}/`)) as History).acknowledged_by).toBeNull();

  await confirm.tap();
  await expect(p.getByRole('status').filter({ hasText: 'Acknowledged' })).toBeVisible();
  const acked = (await apiGet(`/alert_histories/${history.id}/`)) as History;
  expect(acked.acknowledged_by).not.toBeNull();

  // The link works once: opened again, it says so (at once, or when confirmed again).
  await p.reload();
  const again = p.getByRole('button', { name: 'Confirm: I have it' });
  const refusal = p.getByRole('alert');
  await expect(refusal.or(again)).toBeVisible();
  if (await again.isVisible()) await again.tap();
  await expect(refusal).toContainText(/used|already/i);
  await phone.close();

  // A colleague at a desk, in a browser of their own.
  const who = nameOf((await apiGet(`/users/${acked.acknowledged_by}/`)) as User);
  const desk = await browser.newContext();
  const d = await desk.newPage();
  await signIn(d);
  await d.getByRole('link', { name: 'Incidents', exact: true }).click();
  const row = d.getByRole('table', { name: 'Incidents open now' }).getByRole('row').filter({ hasText: alert.name });
  await expect(row).toContainText(`Acknowledged by ${who}`);
  await expect(row.getByRole('button', { name: /^Acknowledge / })).toHaveCount(0);
  await d.goto(`/incidents/${history.id}`);
  await expect(d.getByRole('status').filter({ hasText: `Acknowledged by ${who}` })).toBeVisible();
  await expect(d.getByRole('list', { name: 'Timeline of the incident' }).getByRole('listitem').filter({ hasText: `Acknowledged by ${who}` })).toHaveCount(1);
  await expectNoSeriousA11yIssues(d);
  await desk.close();
});

test('a note added on the incident page appears in its timeline, as text', async ({ page }) => {
  await openIncidentPage(page);
  const timeline = page.getByRole('list', { name: 'Timeline of the incident' });
  await expect(timeline.getByRole('listitem').first()).toContainText('Triggered');
  const text = `Worker restarted <b>by hand</b> ${Date.now() % 100000}`;
  await page.getByRole('textbox', { name: 'Note' }).fill(text);
  await page.getByRole('button', { name: 'Add note' }).click();
  const note = timeline.getByRole('listitem').filter({ hasText: text });
  await expect(note).toHaveCount(1);
  await expect(note).toContainText('Note by');
  await expect(timeline.locator('b')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Note' })).toHaveValue('');
  await expectNoSeriousA11yIssues(page);
});

test('"silence for 1 h" from the incident shows on the silences page', async ({ page }) => {
  await openIncidentPage(page);
  const panel = page.getByRole('region', { name: 'Silence this alert' });
  await expect(panel.getByLabel('Reason')).toHaveValue(new RegExp(`^Silenced from incident #${history.id}`));
  await panel.getByRole('button', { name: 'Silence for 1 h' }).click();
  await expect(panel.getByRole('status')).toContainText('Silenced until');
  await panel.getByRole('link', { name: 'See the silences' }).click();
  await expect(page).toHaveURL(/\/silences$/);
  const row = page.getByRole('table', { name: 'Silences' }).getByRole('row').filter({ hasText: `alerts: ${alert.name}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/Active, (\d+ min|1 h) left/);
  await expect(row).toContainText(`Silenced from incident #${history.id}`);
  await expectNoSeriousA11yIssues(page);
  // Ended by hand, it leaves the list (the alert's next incidents notify again).
  const id = Number(/silence #(\d+)/.exec((await row.getByRole('button', { name: /^Delete silence #/ }).getAttribute('aria-label')) ?? '')?.[1]);
  await row.getByRole('button', { name: `Delete silence #${id}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('table', { name: 'Silences' }).getByRole('row').filter({ hasText: `alerts: ${alert.name}` })).toHaveCount(0);
});
