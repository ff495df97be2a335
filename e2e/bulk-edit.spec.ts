import { expect, test } from '@playwright/test';
import { signIn } from './fixtures/account';
import { apiGet, apiSend } from './fixtures/api';
import { expectNoSeriousA11yIssues } from './fixtures/axe';

test('bulk alert edit: select by filter, preview before/after with fires, then apply', async ({ page }) => {
  // A server of its own, 20 minutes at 80 % CPU, and two alerts on it over 95 % that never fired.
  // The guid is new on each run: a repeated run must not find the alerts the last one changed.
  const guid = `e2e-bulk-${Date.now()}`;
  const { server_id: server } = (await apiSend('POST', '/collector/register', {
    json: { guid, hostname: 'e2e-bulk-01', os: 'Linux', os_detail: 'Debian 13', arch: 'x86_64', capacity_mem: 8 * 1024 ** 3, capacity_cpu_num: 2, capacity_cpu_freq: 2400, capacity_disks: { '/': 50_000 }, network_interfaces: [], current_version: 1 },
  })) as { server_id: number };
  const now = Math.floor(Date.now() / 60_000) * 60 - 60;
  for (let m = 20; m > 0; m--) {
    const minute = now - m * 60;
    await apiSend('POST', '/collector/batches', { json: { batch_id: `${guid}-${minute}`, guid, minute, server: { cpu: 80, memory: 1e9 }, processes: [], process_details: [], connections: [], logs: [], polled: [], statsd: [], transactions: [] } });
  }
  const ids: number[] = [];
  for (const name of ['E2E bulk one', 'E2E bulk two']) {
    ids.push(((await apiSend('POST', '/alerts/', { form: { name, type: 'Server', target_id: String(server), trigger_type: 'CPU', threshold: '95', users: '[1]' } })) as { id: number }).id);
  }

  // The server's alerts: ours and the default alerts a new server gets.
  const onServer = ((await apiGet(`/alerts/?filter_name=server_id&filter_id=${server}`)) as { pagination: { count: number } }).pagination.count;
  expect(onServer).toBeGreaterThanOrEqual(2);

  await signIn(page);
  await page.goto('/alerts');
  await page.getByLabel('Type').selectOption('Server');
  await page.getByLabel('Server', { exact: true }).selectOption(String(server));
  await page.getByRole('link', { name: 'Bulk edit' }).click();
  await expect(page.getByRole('heading', { name: 'Bulk edit alerts' })).toBeVisible();
  await expect(page.getByLabel('Server')).toHaveValue(String(server));

  await page.getByLabel('Threshold', { exact: true }).fill('50');
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('table', { name: 'Bulk edit preview' });
  await expect(preview.getByRole('row')).toHaveCount(onServer + 1);
  for (const name of ['E2E bulk one', 'E2E bulk two']) {
    const row = preview.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await expect(row).toContainText('CPU above 95%');
    await expect(row).toContainText('CPU above 50%');
    await expect(row.getByLabel('fires before 0, after 1')).toBeVisible();
  }
  await expectNoSeriousA11yIssues(page);
  // The preview changed nothing.
  expect(((await apiGet(`/alerts/${ids[0]}/`)) as { threshold: number }).threshold).toBe(95);

  await page.getByRole('button', { name: `Apply to ${onServer} alerts` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${onServer} alerts changed.` })).toBeVisible();
  for (const id of ids) expect(((await apiGet(`/alerts/${id}/`)) as { threshold: number }).threshold).toBe(50);
});
