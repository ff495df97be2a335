import type { Browser, Request } from '@playwright/test';

/** What a first visit cost on the wire: requests, bytes (headers + encoded bodies) and the bytes per resource type. */
export interface FirstVisit {
  requests: number;
  bytes: number;
  byType: Record<string, number>;
}

/**
 * A first visit with an empty cache, as a person makes it: open /sign-in, sign in through the form,
 * wait for the fleet overview and the network to settle. Bytes are as transferred (compressed bodies
 * when the service compresses), from the browser's own accounting of each response.
 */
export async function firstVisit(browser: Browser, baseUrl: string, session: { email: string; apiKey: string }): Promise<FirstVisit> {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await ctx.newPage();
  const done: Promise<{ type: string; bytes: number }>[] = [];
  page.on('requestfinished', (r: Request) =>
    done.push(r.sizes().then((s) => ({ type: r.resourceType(), bytes: s.responseBodySize + s.responseHeadersSize }))),
  );
  try {
    await page.goto(`${baseUrl}/sign-in`);
    await page.getByLabel('Email').fill(session.email);
    await page.getByLabel('API key').fill(session.apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Fleet', exact: true }).waitFor({ timeout: 120_000 });
    await page.waitForLoadState('networkidle');
    const all = await Promise.all(done);
    const byType: Record<string, number> = {};
    for (const x of all) byType[x.type] = (byType[x.type] ?? 0) + x.bytes;
    return { requests: all.length, bytes: all.reduce((s, x) => s + x.bytes, 0), byType };
  } finally {
    await ctx.close();
  }
}
