import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../shared/json-depth';
import { basicHeader, startTestService, type TestService } from '../testing/harness';
import { batchFor, registerTestServer } from '../testing/ingest';

// How the JSON text of a batch is read: prototype poisoning and nesting refused as for every JSON body,
// whatever shortcut the parser takes (http/json-body.ts), and nothing of a refused batch stored.
const E = 1_700_000_040;
let svc: TestService;

beforeAll(async () => {
  svc = await startTestService({}, () => E + 30);
  await registerTestServer(svc, 'g-json');
  await registerTestServer(svc, 'g-json', svc.other);
});
afterAll(() => svc.close());

async function send(text: string, url = '/api/v5/collector/batches', as = svc.account) {
  const res = await fetch(svc.baseUrl + url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: basicHeader(as) }, body: text });
  return { status: res.status, body: (await res.json()) as { error?: { status: number; message: string; field?: string }; stored?: boolean } };
}
const stored = async () => Number((await svc.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM tm_batches'))!.n);
/** A valid batch's text with `extra` spliced in as the first members of the server sample. */
const withServer = (minute: number, extra: string) =>
  JSON.stringify(batchFor('g-json', minute, { processes: [{ pid: 1, create_time: 2, name: 'p', cpu: 1 }] })).replace('"server":{', `"server":{${extra},`);
const INVALID_JSON = { error: { status: 400, message: 'the body is not valid JSON' } };

describe('a batch that poisons the prototype', () => {
  it.each([
    ['__proto__ in the server sample', withServer(E, '"__proto__":{"admin":true}')],
    ['__proto__ spelled with escapes', withServer(E, '"\\u005f\\u005fproto__":{"admin":true}')],
    ['__proto__ with a number', withServer(E, '"cpu_cores":{"__proto__":1}')],
    ['constructor.prototype', withServer(E, '"constructor":{"prototype":{"admin":true}}')],
    ['constructor spelled with escapes', withServer(E, '"\\u0063onstructor":{"prototype":{}}')],
    ['__proto__ in a process', JSON.stringify(batchFor('g-json', E, { processes: [{ pid: 1, create_time: 2, name: 'p' }] })).replace('"pid":1', '"pid":1,"__proto__":{"x":1}')],
    ['__proto__ under a key nested deeper than the limit', withServer(E, `"x":${'['.repeat(MAX_JSON_DEPTH + 5)}{"__proto__":{}}${']'.repeat(MAX_JSON_DEPTH + 5)}`)],
  ])('%s: 400 as invalid JSON, nothing stored, no object touched', async (_, text) => {
    const before = await stored();
    const r = await send(text);
    expect(r).toEqual({ status: 400, body: INVALID_JSON });
    expect(await stored()).toBe(before);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses the same way on any other JSON route', async () => {
    const r = await send('{"name":"t","servers":[],"__pr\\u006fto__":{"admin":true}}', '/api/v5/server_tags/');
    expect(r).toEqual({ status: 400, body: INVALID_JSON });
  });
});

describe('a batch with keys that only look dangerous', () => {
  it('stores "constructor" as a part name and a process named __proto__, as before', async () => {
    const text = withServer(E + 60, '"disk":{"constructor":5,"/":1}').replace('"name":"p"', '"name":"__proto__"');
    const r = await send(text);
    expect(r).toEqual({ status: 201, body: { stored: true, server_id: expect.any(Number) } });
    const row = await svc.sql.get<{ data: string }>('SELECT data FROM tm_server_minutes WHERE account_id = ? AND time = ?', svc.account.id, E + 60);
    expect(JSON.parse(row!.data).disk).toEqual({ constructor: 5, '/': 1 });
    const p = await svc.sql.get<{ name: string }>('SELECT name FROM tm_processes WHERE account_id = ? AND pid = 1', svc.account.id);
    expect(p!.name).toBe('__proto__');
    // The other account's server of the same guid got nothing.
    expect(await svc.sql.get('SELECT 1 FROM tm_server_minutes WHERE account_id = ?', svc.other.id)).toBeUndefined();
  });

  it('reads a body that starts with a byte order mark, as before', async () => {
    const r = await send(`\uFEFF${JSON.stringify(batchFor('g-json', E + 120))}`);
    expect(r.status).toBe(201);
  });
});

describe('a batch nested too deep', () => {
  it('is refused naming the limit before it is checked, nothing stored', async () => {
    const before = await stored();
    const r = await send(withServer(E + 180, `"x":${'['.repeat(50_000)}${']'.repeat(50_000)}`));
    expect(r).toEqual({ status: 400, body: { error: { status: 400, message: `the JSON body nests deeper than ${MAX_JSON_DEPTH} levels` } } });
    // Too deep and invalid too: the depth is what is answered.
    const both = await send(`{"minute":"x","server":${'['.repeat(100)}${']'.repeat(100)}}`);
    expect(both.body.error!.message).toBe(`the JSON body nests deeper than ${MAX_JSON_DEPTH} levels`);
    expect(await stored()).toBe(before);
  });

  it('at the limit it is read and checked as usual', async () => {
    const r = await send(withServer(E + 240, `"x":${'['.repeat(MAX_JSON_DEPTH - 2)}${']'.repeat(MAX_JSON_DEPTH - 2)}`));
    expect(r.status).toBe(201);
  });
});
