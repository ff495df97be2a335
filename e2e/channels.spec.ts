import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { demoTarget, signIn } from './fixtures/account';
import { apiSend } from './fixtures/api';

const run = Date.now() % 1_000_000;

/** A loopback receiver standing for the webhook's far end: records each body it is POSTed. */
async function receiver(): Promise<{ bodies: string[]; port: number; close: () => Promise<void> }> {
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      bodies.push(body);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { bodies, port: (server.address() as AddressInfo).port, close: () => new Promise((r) => server.close(() => r())) };
}

test('a manager adds a webhook channel, presses Send test and sees it delivered', async ({ page }) => {
  const rx = await receiver();
  const email = `chan${run}@example.com`;
  const manager = (await apiSend('POST', '/users/', { form: { first_name: 'Chan', last_name: 'Manager', email, country_code: '44', phone_number: String(7_700_800_000 + run), role: '2' } })) as { api_key: string };
  await signIn(page, { ...demoTarget(), email, apiKey: manager.api_key });

  await page.goto('/channels');
  await page.getByRole('button', { name: 'New channel' }).click();
  const name = `e2e-hook-${run}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Type').selectOption('webhook');
  await page.getByLabel('URL').fill(`http://127.0.0.1:${rx.port}/hook?token=e2e-secret`);
  await page.getByRole('button', { name: 'Create channel' }).click();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('e2e-secret'); // answered masked
  await row.getByRole('button', { name: `Send test to ${name}` }).click();
  await expect(row.getByRole('status')).toHaveText(/Test delivered/);
  expect(rx.bodies).toHaveLength(1);
  expect(JSON.parse(rx.bodies[0]!)).toMatchObject({ version: '4', status: 'firing', receiver: name });
  await rx.close();
});
