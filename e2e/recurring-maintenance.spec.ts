import { expect, test } from '@playwright/test';
import { signIn } from './fixtures/account';
import { apiGet, apiSend } from './fixtures/api';

type Alert = { id: number; in_incident: boolean };
const WEEKDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
const DAY_NAME = { SU: 'Sun', MO: 'Mon', TU: 'Tue', WE: 'Wed', TH: 'Thu', FR: 'Fri', SA: 'Sat' } as const;
const local = (t: number) => new Date(t * 1000).toISOString().slice(0, 16);

async function register(guid: string): Promise<number> {
  const r = (await apiSend('POST', '/collector/register', {
    json: { guid, hostname: guid, os: 'Linux', os_detail: 'Debian 13', arch: 'x86_64', capacity_mem: 8 * 1024 ** 3, capacity_cpu_num: 2, capacity_cpu_freq: 2400, capacity_disks: { '/': 50_000 }, network_interfaces: [], current_version: 1 },
  })) as { server_id: number };
  return r.server_id;
}

const hotAlert = async (name: string, serverId: number) =>
  ((await apiSend('POST', '/alerts/', { form: { name, type: 'Server', target_id: String(serverId), trigger_type: 'CPU', threshold: '50', time_above_threshold: '1', users: '[1]' } })) as Alert).id;

const hotMinute = (guid: string, minute: number) =>
  apiSend('POST', '/collector/batches', { json: { batch_id: `${guid}-${minute}`, guid, minute, server: { cpu: 99, memory: 4 * 1024 ** 3 } } });

const inIncident = async (id: number) => ((await apiGet(`/alerts/${id}/`)) as Alert).in_incident;

test('a weekly window scoped by a tag suppresses an alert on a server tagged after the window was made', async ({ page }) => {
  const run = Date.now() % 100_000;
  const [covered, control] = [`e2e-weekly-${run}`, `e2e-weekly-ctl-${run}`];
  const coveredId = await register(covered);
  const controlId = await register(control);
  const tagName = `E2E patch night ${run}`;
  const tag = (await apiSend('POST', '/server_tags/', { form: { name: tagName, servers: '[]' } })) as { id: number };

  // The window's first occurrence was a week ago, ten minutes before this minute: this week's runs now.
  const minute = Math.floor(Date.now() / 60_000) * 60;
  const first = minute - 7 * 86_400 - 600;
  const day = WEEKDAY[new Date(first * 1000).getUTCDay()]!;
  const reason = `E2E weekly patching ${run}`;

  await signIn(page);
  await page.getByRole('link', { name: 'Maintenance' }).click();
  await page.getByRole('button', { name: 'New window' }).click();
  await page.getByLabel('Repeats').selectOption('weekly');
  // The browser of these tests runs in UTC, the default zone of the form.
  await expect(page.getByLabel('Time zone')).toHaveValue('UTC');
  await page.getByLabel(/^Start/).fill(local(first));
  await page.getByRole('group', { name: 'On days' }).getByLabel(DAY_NAME[day]).check();
  await page.getByLabel('Duration (minutes)').fill('120');
  await page.getByLabel('Reason').fill(reason);
  // Tags are picked by name; past a dozen the picker asks for a search first.
  const tags = page.getByRole('group', { name: /^Server tags/ });
  const search = tags.getByLabel('Search tags');
  if ((await search.count()) > 0) await search.fill(tagName);
  await tags.getByLabel(tagName).check();
  const next = page.getByRole('region', { name: 'Next occurrences' }).getByRole('listitem');
  await expect(next).toHaveCount(5);
  // The occurrence running now comes first, then one a week later.
  await expect(next.first()).toContainText(`${local(minute - 600).replace('T', ' ')} – ${local(minute + 6600).replace('T', ' ')} (UTC)`);
  await expect(next.nth(1)).toContainText(local(minute - 600 + 7 * 86_400).replace('T', ' '));
  await page.getByRole('button', { name: 'Save window' }).click();
  const row = page.getByRole('row').filter({ hasText: reason });
  await expect(row).toContainText(`FREQ=WEEKLY;BYDAY=${day}, 120 min (UTC)`);
  await expect(row).toContainText('In progress');
  await expect(row).toContainText(`tags: ${tagName}`);

  const saved = ((await apiGet('/maintenance_windows/')) as { data: { id: number; reason: string; start: number; end: number | null; rrule: string; server_tags: number[] }[] }).data.find((w) => w.reason === reason)!;
  expect([saved.start, saved.end, saved.rrule, saved.server_tags]).toEqual([first, null, `FREQ=WEEKLY;BYDAY=${day}`, [tag.id]]);

  // Tagged only now, after the window was made: the engine resolves the tag at the minute it evaluates.
  await apiSend('PUT', `/server_tags/${tag.id}/`, { form: { name: tagName, servers: JSON.stringify([coveredId]) } });
  const quiet = await hotAlert(`E2E weekly covered ${run}`, coveredId);
  const loud = await hotAlert(`E2E weekly control ${run}`, controlId);
  await hotMinute(covered, minute);
  await hotMinute(control, minute);
  // The control server, outside the tag, goes into incident on the same minute (its batch was sent
  // after the covered one's): by then the engine has evaluated the covered server's minute too.
  await expect.poll(() => inIncident(loud), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => inIncident(quiet), { timeout: 30_000 }).toBe(false);

  // The covered server's chart shades the occurrence.
  await page.goto(`/servers/${coveredId}`);
  await expect(page.getByRole('img').filter({ hasText: reason }).first()).toBeVisible();
});
