import { expect, test } from '@playwright/test';
import { signIn } from './fixtures/account';
import { apiGet, apiSend } from './fixtures/api';
import { expectNoSeriousA11yIssues } from './fixtures/axe';
import { e2eRegistration } from './fixtures/seed';

type History = { id: number; subject: string; servers: { id: number; hostname: string; value: number | null }[] };

test("a tag incident's page names and charts the server that breached, not the tag's first", async ({ page }) => {
  // Two servers of their own in a new tag (new names each run): the first idles at 45 %, the second crosses 90 %.
  const run = Date.now();
  const hosts = [`e2e-idle-${run}`, `e2e-hot-${run}`];
  const ids: number[] = [];
  for (const h of hosts) ids.push(((await apiSend('POST', '/collector/register', { json: e2eRegistration(h, h) })) as { server_id: number }).server_id);
  const tag = (await apiSend('POST', '/server_tags/', { form: { name: `e2e tag ${run}`, servers: JSON.stringify(ids) } })) as { id: number };
  const alert = (await apiSend('POST', '/alerts/', {
    form: { name: 'E2E CPU on tag', type: 'Server Tag', target_id: String(tag.id), trigger_type: 'CPU', threshold: '90', time_above_threshold: '1', users: '[1]' },
  })) as { id: number };
  const now = Math.floor(Date.now() / 60_000) * 60 - 60;
  for (let m = 3; m > 0; m--) {
    const minute = now - m * 60;
    for (const [k, h] of hosts.entries()) {
      const cpu = k === 1 ? 96 : 45;
      await apiSend('POST', '/collector/batches', {
        json: { batch_id: `${h}-${minute}`, guid: h, minute, server: { cpu, memory: 1e9 }, processes: [], process_details: [], connections: [], logs: [], polled: [], statsd: [], transactions: [] },
      });
    }
  }
  let history: History | undefined;
  await expect
    .poll(async () => {
      history = ((await apiGet(`/alert_histories/?start=0&filter=[${alert.id}]`)) as { data: History[] }).data[0];
      return history?.servers.map((s) => s.hostname);
    }, { message: 'the tag incident and its breaching server', timeout: 30_000 })
    .toEqual([hosts[1]]);
  expect(history!.subject).toContain(hosts[1]);
  expect(history!.subject).not.toContain(hosts[0]);

  await signIn(page);
  await page.goto(`/incidents/${history!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(history!.subject);
  await expect(page.getByRole('list', { name: 'Servers that breached' }).getByRole('link', { name: `${hosts[1]} at 96` })).toBeVisible();
  await expect(page.getByRole('region', { name: `${hosts[1]} around the start` })).toBeVisible();
  await expect(page.getByRole('region', { name: `${hosts[0]} around the start` })).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);
});

test('the alert form offers one incident per server for a tag, with the Disk trigger', async ({ page }) => {
  await signIn(page);
  await page.goto('/alerts/new');
  await page.getByLabel('Type').selectOption('Server Tag');
  const trigger = page.getByLabel('Trigger');
  await expect(trigger.getByRole('option', { name: 'Disk', exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Number of servers')).toBeVisible();
  await page.getByLabel(/One incident per server/).check();
  await expect(trigger.getByRole('option', { name: 'Disk', exact: true })).toHaveCount(1);
  await expect(page.getByLabel('Number of servers')).toHaveCount(0);
});
