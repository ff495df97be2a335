import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../shared/json-depth';
import { basicHeader, startTestService, type TestService } from '../testing/harness';
import { WRITE_RULES } from './access';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepBody = (depth: number) => `{"name":${nested(depth)}}`;

/** Every writing endpoint, as the access table lists them (PATCH beside every PUT). */
const endpoints = Object.keys(WRITE_RULES).flatMap((key) => {
  const [method, path] = key.split(' ') as [string, string];
  const url = `/api/v5${path.replace(':id', '999999').replace(':did', '1')}/`;
  return method === 'PUT' ? [['PUT', url] as const, ['PATCH', url] as const] : [[method, url] as const];
});

/** Sends a JSON text as it is (the harness would encode a value, and a value this deep cannot be). */
async function send(method: string, url: string, body: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(svc.baseUrl + url, {
    method,
    headers: { 'content-type': 'application/json', authorization: basicHeader(svc.account) },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text };
}

// PagerDuty's webhook reads nothing of its body before the signature over the raw bytes is checked: an
// unsigned body, however deep, is a 401 (pagerduty-webhook.test.ts), never parsed.
const SIGNED_RAW = /\/pagerduty_webhook\/$/;

describe('JSON nested too deep', () => {
  it.each(endpoints.filter(([, url]) => !SIGNED_RAW.test(url)))('%s %s answers 400 naming the limit', async (method, url) => {
    const r = await send(method, url, deepBody(50_000));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { status: 400, message: `the JSON body nests deeper than ${MAX_JSON_DEPTH} levels` } });
  });
});

describe('JSON nested too deep, unsigned, to a webhook checked by signature', () => {
  it.each(endpoints.filter(([, url]) => SIGNED_RAW.test(url)))('%s %s answers 401 without reading it', async (method, url) => {
    expect((await send(method, url, deepBody(50_000))).status).toBe(401);
  });
});

describe('JSON at the limit', () => {
  it.each(endpoints)('%s %s answers without a 500 (the body is read, then judged as usual)', async (method, url) => {
    const r = await send(method, url, deepBody(MAX_JSON_DEPTH - 1));
    expect(r.status).toBeGreaterThanOrEqual(200);
    expect(r.status).toBeLessThan(500);
    expect(JSON.stringify(r.body)).not.toMatch(/nests deeper/);
  });

  it('refuses one level more', async () => {
    expect((await send('POST', '/api/v5/alerts/', deepBody(MAX_JSON_DEPTH))).status).toBe(400);
  });
});

describe('JSON lists in form fields nested too deep', () => {
  // The fields the API reads as JSON text, on the endpoints that take them; each answers 400 naming it.
  const alert = { name: 'x', type: 'Server', target_id: 1, trigger_type: 'CPU', threshold: 75 };
  const cases: [string, string, string, Record<string, unknown>][] = [
    ['POST', '/api/v5/alerts/bulk/', 'ids', {}],
    ['POST', '/api/v5/alerts/', 'users', alert],
    ['POST', '/api/v5/alerts/', 'subscribers', { ...alert, users: [1] }],
    ['POST', '/api/v5/server_sets/', 'server_tags', { name: 'x' }],
    ['POST', '/api/v5/buckets/', 'buckets', {}],
    ['POST', '/api/v5/maintenance_windows/', 'servers', { start: 1, end: 2 }],
    ['GET', '/api/v5/application_topology/', 'process_groups', {}],
  ];
  it.each(cases)('%s %s %s', async (method, url, field, form) => {
    const before = (await svc.request('GET', '/api/v5/alerts/')).body.pagination.count;
    // Deep enough, and short enough for a query string (GET) to stay under the header limit.
    const r = await svc.request(method, url, { form: { ...form, [field]: nested(2000) } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: { status: 400, message: `${field} nests deeper than ${MAX_JSON_DEPTH} levels` } });
    expect((await svc.request('GET', '/api/v5/alerts/')).body.pagination.count).toBe(before);
  });
});
