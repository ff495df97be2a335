import { expect, test } from '@playwright/test';
import { signIn } from './fixtures/account';
import { countOf, waitForDemo } from './fixtures/api';
import { expectNoSeriousA11yIssues } from './fixtures/axe';
import { everyRoute, openTrace } from './fixtures/routes';

// Every route needs the demo's incidents and transactions, which the service backfills while tests run;
// every route x 2 themes of axe on a loaded 2-core machine take minutes.
test.describe.configure({ timeout: 420_000 });

test('every page has no serious axe violation, in the light theme and in the dark one', async ({ page }) => {
  await waitForDemo('an incident', '/alert_histories/?start=0&limit=1', (b) => countOf(b) > 0);
  await waitForDemo('transaction messages', '/transactions/logs/1/detail/?time_step=Minute&limit=1', (b) => countOf(b) > 0);
  await page.goto('/sign-in');
  await expectNoSeriousA11yIssues(page);
  await signIn(page);
  for (const r of await everyRoute()) {
    await page.goto(r.path);
    await expect(page.getByRole('heading', { level: 1, name: r.heading }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await test.step(r.name, () => expectNoSeriousA11yIssues(page, ['iframe[sandbox]']));
  }
  await openTrace(page);
  await expectNoSeriousA11yIssues(page);
});

test('the check fails on a serious violation, in either theme, and passes once it is gone', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').waitFor();
  await page.evaluate(() => {
    const p = document.createElement('p');
    p.id = 'faint';
    p.textContent = 'Grey on grey';
    p.style.cssText = 'color: #777; background: #888';
    document.querySelector('main')!.append(p);
  });
  await expect(expectNoSeriousA11yIssues(page)).rejects.toThrow(/color-contrast: #faint[\s\S]*color-contrast: #faint/);
  await page.evaluate(() => document.getElementById('faint')?.remove());
  await expectNoSeriousA11yIssues(page);
});
