import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures/account';
import { apiSend } from './fixtures/api';
import { e2eRegistration } from './fixtures/seed';

// A server of its own, so the journey knows exactly what ran when: old-job runs until T1 + 120 s,
// new-job from T2 - 120 s, nginx all along with its CPU rising from 5% to 45%.
const T2 = Math.floor(Date.now() / 60_000) * 60 - 120;
const T1 = T2 - 300;

async function seedServer(): Promise<number> {
  const reg = e2eRegistration('e2e-time-travel', 'e2e-time-travel');
  const { server_id } = (await apiSend('POST', '/collector/register', { json: reg })) as { server_id: number };
  for (let m = T1 - 600; m <= T2; m += 60) {
    const processes = [{ pid: 10, create_time: 1000, name: 'nginx', args: null, cpu: m < T2 - 60 ? 5 : 45, memory: 1e8, thread_num: 4, file_num: 12 }];
    if (m <= T1 + 120) processes.push({ pid: 20, create_time: 2000, name: 'old-job', args: null, cpu: 7, memory: 5e7, thread_num: 1, file_num: 3 });
    if (m >= T2 - 120) processes.push({ pid: 30, create_time: T2 - 120, name: 'new-job', args: null, cpu: 3, memory: 2e7, thread_num: 2, file_num: 1 });
    const batch = { batch_id: `e2e-tt-${m}`, guid: reg.guid, minute: m, server: { cpu: 20, memory: 2e9 }, processes };
    await apiSend('POST', '/collector/batches', { json: batch });
  }
  return server_id;
}

const param = (page: Page, k: string) => new URL(page.url()).searchParams.get(k);

test('scrub the process table through the range and diff two minutes', async ({ page }) => {
  const id = await seedServer();
  await signIn(page);
  await page.goto(`/servers/${id}?range=1h&at=${T2}`);
  const processes = page.getByRole('region', { name: /^Processes at/ });
  await expect(processes.getByRole('link', { name: 'new-job' })).toBeVisible();

  // Keep T2 as the base, then scrub back five minutes with the keyboard: the URL follows.
  const travel = page.getByRole('region', { name: 'Process time travel' });
  await travel.getByRole('button', { name: 'Compare with this minute' }).click();
  await expect(page).toHaveURL(new RegExp(`base=${T2}`));
  const slider = travel.getByRole('slider', { name: 'Minute of the process table' });
  await slider.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
  await expect.poll(() => param(page, 'at')).toBe(String(T1));
  await expect(processes.getByRole('link', { name: 'old-job' })).toBeVisible();
  await expect(processes.getByRole('link', { name: 'new-job' })).toHaveCount(0);

  // The diff of T1 and T2: new-job started, old-job ended, nginx the top mover in CPU.
  const diff = travel.getByRole('region', { name: 'Process diff' });
  const started = diff.getByRole('table', { name: /^Started/ });
  const ended = diff.getByRole('table', { name: /^Ended/ });
  const movers = diff.getByRole('table', { name: /^Top movers/ });
  await expect(started.getByRole('link', { name: 'new-job' })).toBeVisible();
  await expect(ended.getByRole('link', { name: 'old-job' })).toBeVisible();
  await expect(movers.getByRole('row').nth(1)).toContainText('nginx');
  await expect(movers.getByRole('row').nth(1)).toContainText('5.0% → 45% (+40%)');

  // The URL keeps both minutes: a reload shows the same comparison.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Process diff' }).getByRole('table', { name: /^Ended/ }).getByRole('link', { name: 'old-job' })).toBeVisible();

  // What changed at the scrubbed minute.
  await page.getByRole('link', { name: 'What changed at this minute' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^What changed on e2e-time-travel at/ })).toBeVisible();
  await expect(page.getByRole('table', { name: /ranked by how much of the server/ }).getByRole('row').nth(1)).toBeVisible();
});
