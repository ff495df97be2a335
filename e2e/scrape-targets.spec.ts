import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { demoTarget, signIn } from './fixtures/account';

const run = Date.now() % 1_000_000;
const host = `e2e-node-${run}`;

/** A loopback node_exporter: the families the mapping reads, CPU counters advancing at each scrape. */
async function nodeExporter(): Promise<{ port: number; scrapes: () => number; close: () => Promise<void> }> {
  let n = 0;
  const server: Server = createServer((_req, res) => {
    n++;
    res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
    res.end(
      [
        '# TYPE node_cpu_seconds_total counter',
        `node_cpu_seconds_total{cpu="0",mode="idle"} ${1000 + 30 * n}`,
        `node_cpu_seconds_total{cpu="0",mode="user"} ${500 + 10 * n}`,
        'node_memory_MemTotal_bytes 4294967296',
        'node_memory_MemAvailable_bytes 1073741824',
        `node_uname_info{machine="x86_64",nodename="${host}",release="6.1.0",sysname="Linux"} 1`,
        '',
      ].join('\n'),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, scrapes: () => n, close: () => new Promise((r) => server.close(() => r())) };
}

test('the owner adds a node_exporter target and its host becomes a server of the fleet', async ({ page }) => {
  const exporter = await nodeExporter();
  await signIn(page);
  await page.goto('/scrape-targets');
  await page.getByRole('button', { name: 'New scrape target' }).click();
  const url = `http://127.0.0.1:${exporter.port}/metrics`;
  await page.getByLabel('Metrics URL').fill(url);
  await page.getByLabel('Interval (seconds)').fill('15');
  await page.getByRole('button', { name: 'Add scrape target' }).click();

  const row = page.getByRole('row').filter({ hasText: url });
  await expect(row).toBeVisible();
  // The scraper job runs every 5 s; the list refreshes every 15 s.
  const server = row.getByRole('link', { name: /^Server #\d+$/ });
  await expect(server).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('OK');
  expect(exporter.scrapes()).toBeGreaterThan(0);
  const serverPath = await server.getAttribute('href');
  await server.click();
  await expect(page.getByRole('heading', { name: new RegExp(host) })).toBeVisible();

  // Stop scraping from the list, then remove the server, so later specs see the demo fleet as it was.
  await page.goto('/scrape-targets');
  await page.getByRole('button', { name: `Delete scrape target ${url}` }).click();
  await page.getByRole('alertdialog', { name: `Stop scraping ${url}?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row').filter({ hasText: url })).toHaveCount(0);
  const t = demoTarget();
  const auth = `Basic ${Buffer.from(`${t.email}:${t.apiKey}`).toString('base64')}`;
  const del = await fetch(`${t.baseUrl}/api/v5${serverPath!}/`, { method: 'DELETE', headers: { Authorization: auth } });
  expect(del.status).toBe(200);
  await exporter.close();
});
