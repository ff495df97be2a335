import { expect, test, type Page } from '@playwright/test';
import { demoTarget, signIn } from './fixtures/account';
import { apiGet, countOf, waitForDemo } from './fixtures/api';
import { expectNoSeriousA11yIssues } from './fixtures/axe';
import { openIncidents } from './fixtures/incident';
import { waitForMail } from './fixtures/mail';
import { sidewaysOverflow } from './fixtures/routes';

// Issue 18 journeys over real incidents (two CPU alerts made here, triggered by one collector batch, so
// their e-mails fall in one group window and go as one grouped message): acknowledge from the e-mailed
// link on a phone, the message's Incidents link filtered to its alerts, a note in the timeline, a
// one-hour silence. In this order: the silence comes last, so it holds back nothing the first journeys
// wait for.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

type History = { id: number; subject: string; acknowledged_by: number | null };
type User = { id: number; first_name: string; last_name: string; email: string };
let alert: { id: number; name: string };
let other: { id: number; name: string };
let history: History;
let otherHistory: History;

const openHistoryOf = async (alertId: number) => {
  await waitForDemo('the incident', `/alert_histories/?open=true&filter=[${alertId}]`, (b) => countOf(b) > 0, 60_000);
  return ((await apiGet(`/alert_histories/?open=true&filter=[${alertId}]`)) as { data: History[] }).data[0]!;
};

test.beforeAll(async () => {
  [alert, other] = (await openIncidents('incident-response', 2)) as [typeof alert, typeof alert];
  history = await openHistoryOf(alert.id);
  otherHistory = await openHistoryOf(other.id);
});

/** The path of an acknowledge link whose token names the incident (a1.<account>.<history>.<user>...), in a mail's text. */
const ackLinkIn = (text: string, historyId: number) =>
  new RegExp(`https?://[^\\s"'<>]+(/ack/a1\\.\\d+\\.${historyId}\\.\\d+\\.[^\\s"'<>]+)`).exec(text)?.[1];

/**
 * The e-mail that told the on-call engineer of the incident, read from the run's mailbox (the service
 * sends through SMTP to the e2e mail sink): it arrives after the account's group window (30 s by
 * default), alone or grouped with the other incidents of that window, and carries the incident's
 * acknowledge link. Answers the link's path, and the mail's subject and text.
 */
async function mailOf(historyId: number): Promise<{ ack: string; subject: string; text: string }> {
  const me = demoTarget().email;
  return waitForMail(`an e-mail to ${me} with the acknowledge link of incident ${historyId}`, (text, mail) => {
    const ack = mail.to.includes(me) ? ackLinkIn(text, historyId) : undefined;
    return ack === undefined ? undefined : { ack, subject: mail.subject ?? '', text };
  });
}

const nameOf = (u: User) => `${u.first_name} ${u.last_name}`.trim() || u.email;

async function openIncidentPage(page: Page): Promise<void> {
  await signIn(page);
  await page.goto(`/incidents/${history.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(history.subject || `Incident ${history.id}`);
}

test('an on-call engineer acknowledges from the e-mailed link on a phone; another browser sees who has it', async ({ browser }) => {
  const path = (await mailOf(history.id)).ack;
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

test('the grouped e-mail tells both incidents with their acknowledge links; its Incidents link lists just their alerts', async ({ page }) => {
  const mail = await mailOf(history.id);
  // One batch opened both incidents: their e-mails fell in one window and went as one message.
  // (Other incidents of the demo may share the window: RESOLVED messages are grouped too.)
  // (Reminders of the demo's open incidents too: "3 still triggered, 1 resolved, 2 triggered".)
  expect(mail.subject).toMatch(/^\[Fleetwatch\] \d+ incidents: (\d+ [a-z ]+, )*\d+ triggered(, |$)/);
  expect(ackLinkIn(mail.text, otherHistory.id)).toBeDefined();
  const link = /https?:\/\/[^\s"'<>]+(\/incidents\?view=range&from=(\d+)&to=(\d+)&alerts=([\d,]+))/.exec(mail.text);
  expect(link, 'the link to the Incidents page over the message').not.toBeNull();
  const [, path, from, to, list] = link! as unknown as [string, string, string, string, string];
  const ids = list.split(',').map(Number);
  expect(ids).toEqual(expect.arrayContaining([alert.id, other.id]));

  await signIn(page);
  await page.goto(path);
  const chip = page.getByRole('status').filter({ hasText: 'Filtered to' });
  await expect(chip).toContainText(`Filtered to ${ids.length} alert${ids.length === 1 ? '' : 's'}`);
  const table = page.getByRole('table', { name: 'Incidents', exact: true });
  for (const a of [alert, other]) await expect(table.getByRole('row').filter({ hasText: a.name })).toHaveCount(1);
  // Only the incidents of the message's alerts in its range: as many rows (and a header) as the service counts.
  const count = countOf(await apiGet(`/alert_histories/?start=${from}&end=${Number(to) + 59}&filter=[${ids.join(',')}]`));
  await expect(table.getByRole('row')).toHaveCount(count + 1);
  expect(await sidewaysOverflow(page)).toEqual([]);
  await expectNoSeriousA11yIssues(page);

  await chip.getByRole('link', { name: 'clear' }).click();
  await expect(page).toHaveURL(new RegExp(`/incidents\\?view=range&from=${from}&to=${to}$`));
  await expect(page.getByText(/Filtered to/)).toHaveCount(0);
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
