import { expect, test } from '@playwright/test';
import { signIn } from './fixtures/account';
import { apiSend } from './fixtures/api';
import { expectNoSeriousA11yIssues } from './fixtures/axe';
import { sidewaysOverflow } from './fixtures/routes';
import { e2eRegistration } from './fixtures/seed';

// Issue 17, "logs across the fleet": one search over every log of the account, narrowed by severity,
// each line a link to its log at that minute. Three servers of its own, so no other spec's data matters.
test.describe.configure({ timeout: 120_000 });

const run = Date.now() % 1_000_000;
const word = `zebra${run}`;
const minute = Math.floor(Date.now() / 60_000) * 60 - 120;
const LINES = [
  { host: 'e2e-logs-1', severity: 'info', second: 11 },
  { host: 'e2e-logs-2', severity: 'critical', second: 22 },
  { host: 'e2e-logs-3', severity: 'warning', second: 33 },
] as const;

test.beforeAll(async () => {
  for (const l of LINES) {
    const guid = `${l.host}-${run}`;
    const reg = (await apiSend('POST', '/collector/register', { json: e2eRegistration(guid, l.host) })) as { server_id: number };
    const log = (await apiSend('POST', '/logs/', { form: { server: String(reg.server_id), type: 'FILE', source: '/var/log/fleetlogs.log' } })) as { id: number };
    await apiSend('POST', '/collector/batches', {
      json: {
        batch_id: `${guid}-${minute}`, guid, minute, server: { cpu: 5, memory: 1024 ** 3 },
        logs: [{ log_id: log.id, messages: [{ time: minute + l.second, severity: l.severity, data: `payment ${word} on ${l.host}` }] }],
      },
    });
  }
});

test('search a word across the fleet, narrow to critical, open the log at that minute', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Log search', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log search' })).toBeVisible();
  await page.getByLabel('Messages containing').fill(word.toUpperCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const found = page.getByRole('list', { name: 'Messages found' }).getByRole('listitem');
  // Newest first, each with its server and its time to the second.
  await expect(found).toHaveCount(3);
  const stamp = (s: number) => new Date((minute + s) * 1000).toISOString().slice(0, 19).replace('T', ' ');
  for (const [i, l] of [...LINES].reverse().entries()) {
    await expect(found.nth(i)).toContainText(l.host);
    await expect(found.nth(i).getByRole('link')).toHaveText(stamp(l.second));
  }
  await expectNoSeriousA11yIssues(page);

  await page.getByLabel('Severity').selectOption({ label: 'Critical' });
  await expect(page).toHaveURL(/severity=critical/);
  await expect(found).toHaveCount(1);
  await expect(found.first()).toContainText(`payment ${word} on e2e-logs-2`);

  await found.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/logs/\\d+\\?.*mfrom=${minute}&mto=${minute}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('FILE /var/log/fleetlogs.log');
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages.getByRole('listitem').filter({ hasText: word })).toContainText(stamp(22));
});

test('on a 390 px phone the search and its results fit the width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto(`/log-search?q=${word}`);
  await expect(page.getByRole('list', { name: 'Messages found' }).getByRole('listitem')).toHaveCount(3);
  expect(await sidewaysOverflow(page)).toEqual([]);
});
