import { expect, test } from '@playwright/test';
import { loadSeeded, signIn } from './fixtures/account';
import { apiGet, apiSend } from './fixtures/api';
import { expectNoSeriousA11yIssues } from './fixtures/axe';

test('alert backtest: shown while editing an alert, and it follows the threshold as it is typed', async ({ page }) => {
  // The seeded servers' CPU waves between 10 and 70 % over their 90 minutes.
  const [server] = loadSeeded().serverIds;
  const alert = (await apiSend('POST', '/alerts/', { form: { name: 'E2E backtest', type: 'Server', target_id: String(server), trigger_type: 'CPU', threshold: '50', users: '[1]' } })) as { id: number };
  const expected = (await apiGet(`/alerts/${alert.id}/backtest/`)) as { incidents: unknown[] };
  expect(expected.incidents.length).toBeGreaterThan(0);

  await signIn(page);
  await page.goto(`/alerts/${alert.id}`);
  const backtest = page.getByRole('region', { name: 'Backtest' });
  const summary = backtest.getByRole('status');
  const times = expected.incidents.length === 1 ? 'once' : `${expected.incidents.length} times`;
  await expect(summary).toContainText(`would have fired ${times} in 7 days`);
  await expect(summary).toContainText(/min in incident|h in incident/);
  await expect(backtest.getByRole('figure', { name: /CPU %/ })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // Typing a threshold the data never reaches: the backtest follows once typing stops, nothing saved.
  await page.getByLabel('Threshold', { exact: true }).fill('99');
  await expect(summary).toHaveText('This alert would not have fired in 7 days.');
  expect(((await apiGet(`/alerts/${alert.id}/`)) as { threshold: number }).threshold).toBe(50);

  // An empty threshold is not a question the backtest can answer: it says what is missing, no verdict.
  await page.getByLabel('Threshold', { exact: true }).fill('');
  await expect(summary).toHaveText('Enter a threshold to see how often this alert would have fired.');
  await expect(backtest).not.toContainText('would not have fired');
});
