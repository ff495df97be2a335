import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchFor, registrationFor } from '../testing/ingest';
import { basicHeader, startTestService, type TestService } from '../testing/harness';

// Nothing a client sends may produce a 500 or crash the service. Every operation of the OpenAPI
// document is sent CASES requests built from its own parameter and body schemas, with a few fields
// swapped for hostile values (wrong types, out of range, huge, empty, control characters, another
// account's ids), as JSON or as a form. Every answer must be below 500 (502/503 allowed for outbound
// calls, in the error shape), and every 4xx must be in the error shape. The generator is seeded: a
// failure names its operation and input, and the same run reproduces it.
const CASES = Number(process.env.FUZZ_CASES ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? 20261129);
// Operations that change the caller's own credentials would sign the rest of the run out.
const SKIP = new Set(['POST /api/v5/users/{id}/api_key/', 'DELETE /api/v5/users/{id}/api_key/', 'DELETE /api/v5/session/', 'GET /metrics']);

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  $ref?: string;
};
type Operation = {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
};

/** A small seeded generator (mulberry32), so a failing input comes back on the next run. */
function prng(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]! };
}

const HOSTILE: readonly unknown[] = [
  '', ' ', '-1', '0', '1e309', 'NaN', 'Infinity', '9007199254740993', '18446744073709551616', '-9223372036854775809', '1.5', '0x10',
  '[]', '{}', '[1,', '{"a":', 'null', 'true', '["a"]', '[[[[[[[[[[1]]]]]]]]]]', '\u0000', '\u202e\ufeff', 'é🙂', 'a'.repeat(5000),
  '../../etc/passwd', '%', '%00', "'; DROP TABLE servers; --", '<script>alert(1)</script>', 'Minute', 'Hour', 'FREQ=SECONDLY',
  -1, 0, 1, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, 0.5, true, false, null, [], {}, [1, 2, 3], ['x'], [{}], { a: 1 }, [[1]], ['1', '2'],
];

function resolve(doc: { components?: { schemas?: Record<string, Schema> } }, s: Schema | undefined): Schema {
  if (s?.$ref) return resolve(doc, doc.components?.schemas?.[s.$ref.split('/').pop()!]);
  return s ?? {};
}

/** A value the schema admits (mostly): the seed of each case before hostile values replace some fields. */
function plausible(doc: object, raw: Schema | undefined, r: ReturnType<typeof prng>, depth = 0): unknown {
  const s = resolve(doc, raw);
  if (s.enum?.length) return r.pick(s.enum);
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return plausible(doc, r.pick(alt), r, depth);
  const type = Array.isArray(s.type) ? r.pick(s.type) : s.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const lo = s.minimum ?? 0;
      const hi = Math.min(s.maximum ?? lo + 10, lo + 10);
      return type === 'integer' ? lo + Math.floor(r.next() * (hi - lo + 1)) : lo + r.next() * (hi - lo);
    }
    case 'boolean':
      return r.next() < 0.5;
    case 'null':
      return null;
    case 'array':
      return depth > 3 ? [] : Array.from({ length: Math.floor(r.next() * 3) }, () => plausible(doc, s.items, r, depth + 1));
    case 'object': {
      if (depth > 3) return {};
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) if (s.required?.includes(k) || r.next() < 0.6) out[k] = plausible(doc, v, r, depth + 1);
      return out;
    }
    default:
      return r.pick(['x', 'web-01', '1', 'a b', 'host-fuzz-1']);
  }
}

/** The value as a query, path or form field: objects and arrays as JSON, as the API reads list fields. */
const asField = (v: unknown): string => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

let svc: TestService;
let doc: { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };
const otherIds: string[] = [];
/** Path values that name items of the account: the first ids, and a process of its server. */
const ownIds = ['1', '1', '2', '3'];

beforeAll(async () => {
  svc = await startTestService();
  // Some of each kind of item, so that ids in paths find something: a server with a minute of data, and the other account's.
  for (const [as, guid] of [[svc.account, 'fuzz-1'], [svc.other, 'fuzz-other']] as const) {
    const reg = await svc.request('POST', '/api/v5/collector/register', { json: registrationFor(guid), as });
    expect(reg.status).toBeLessThan(300);
    const minute = Math.floor(Date.now() / 60_000) * 60 - 120;
    expect((await svc.request('POST', '/api/v5/collector/batches', { json: batchFor(guid, minute), as })).status).toBe(201);
    if (as === svc.other) otherIds.push(String(reg.body.server_id));
    else {
      const procs = await svc.request('GET', `/api/v5/servers/${reg.body.server_id}/processes/`);
      ownIds.push(...(procs.body.data as { uid: string }[]).slice(0, 2).map((p) => p.uid));
    }
  }
  const tag = await svc.request('POST', '/api/v5/server_tags/', { json: { name: 'fuzz', servers: [] }, as: svc.other });
  otherIds.push(String(tag.body.id));
  // One valid item of each kind (the hostile inputs mostly fail validation, so they create few).
  const server = Number((await svc.request('GET', '/api/v5/servers/')).body.data[0].id);
  const owner = Number((await svc.request('GET', '/api/v5/users/')).body.data[0].id);
  const now = Math.floor(Date.now() / 1000);
  const alert = { name: 'cpu', type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 90, time_above_threshold: 1, users: [owner] };
  const seeds: [string, Record<string, unknown>][] = [
    ['/api/v5/server_tags/', { name: 'web', servers: [server] }],
    ['/api/v5/server_sets/', { name: 'prod', server_tags: [] }],
    ['/api/v5/alerts/', alert],
    ['/api/v5/maintenance_windows/', { start: now + 3600, end: now + 7200, servers: [server] }],
    ['/api/v5/logs/', { server, type: 'FILE', source: '/var/log/fuzz.log' }],
    ['/api/v5/silences/', { servers: [server], duration: 3600, reason: 'fuzz' }],
    ['/api/v5/schedules/', { name: 'Ops', time_zone: 'UTC', rotations: [{ name: 'primary', users: [owner], start: now, handoff_time: '09:00', length: { unit: 'week', count: 1 } }] }],
    ['/api/v5/channels/', { name: 'ops', type: 'slack', webhook_url: 'https://hooks.slack.com/services/T0/B0/x' }],
    ['/api/v5/escalation_policies/', { name: 'night', steps: [{ delay_minutes: 5, targets: { users: [owner] } }] }],
    ['/api/v5/ingest_tokens/', { name: 'prom' }],
    ['/api/v5/invitations/', { first_name: 'Kat', last_name: 'J', email: 'kj@example.com' }],
  ];
  for (const [path, json] of seeds) expect((await svc.request('POST', path, { json })).status, path).toBe(201);
  // An incident: the alert's minute above its threshold.
  const minute = Math.floor(Date.now() / 60_000) * 60 - 60;
  expect((await svc.request('POST', '/api/v5/collector/batches', { json: batchFor('fuzz-1', minute, { server: { cpu: 99, memory: 1 } }) })).status).toBe(201);
  doc = (await svc.request('GET', '/api/v5/openapi.json')).body;
});
afterAll(() => svc.close());

describe('hostile input on every operation', () => {
  it(`answers below 500, in the error shape, on ${CASES} inputs of each operation`, { timeout: 300_000 }, async () => {
    const r = prng(SEED);
    const statuses: Record<number, number> = {};
    const failures: string[] = [];
    let sent = 0;
    // Creates first, then reads and changes, deletes last: the items the others name still exist when they run.
    const order = ['post', 'get', 'put', 'patch', 'delete'];
    const ops = Object.entries(doc.paths)
      .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method, path, op })))
      .filter(({ method, path }) => !SKIP.has(`${method.toUpperCase()} ${path}`))
      .sort((a, b) => order.indexOf(a.method) - order.indexOf(b.method));
    for (const { method, path, op } of ops) {
      for (let c = 0; c < CASES; c++) {
        const params = op.parameters ?? [];
        const values = new Map<string, unknown>();
        for (const p of params) {
          if (p.in === 'path') values.set(`path:${p.name}`, r.pick(ownIds));
          else if (p.in === 'query' && (p.required || r.next() < 0.5)) values.set(`query:${p.name}`, plausible(doc, p.schema, r));
        }
        const bodyType = op.requestBody ? r.pick(Object.keys(op.requestBody.content)) : undefined;
        let body = bodyType ? plausible(doc, op.requestBody!.content[bodyType]!.schema, r) : undefined;
        // Swap up to three fields (parameters or top-level body fields) for hostile values.
        const bodyKeys = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
        const slots = [...values.keys(), ...bodyKeys.map((k) => `body:${k}`), ...params.filter((p) => p.in === 'query').map((p) => `query:${p.name}`)];
        for (let k = Math.floor(r.next() * 4); k > 0 && slots.length; k--) {
          const slot = r.pick(slots);
          const v = slot.startsWith('path:') && r.next() < 0.4 ? r.pick([...otherIds, '999999999']) : r.pick(HOSTILE);
          if (slot.startsWith('body:')) (body as Record<string, unknown>)[slot.slice(5)] = v;
          else values.set(slot, v);
        }
        if (body !== undefined && r.next() < 0.1) body = r.pick(HOSTILE); // the whole body of the wrong shape
        let url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(asField(values.get(`path:${name}`) ?? '1')));
        const query = new URLSearchParams();
        for (const [k, v] of values) if (k.startsWith('query:')) query.append(k.slice(6), asField(v));
        if ([...query].length) url += `?${query}`;
        const headers: Record<string, string> = {};
        let payload: string | Buffer | undefined;
        if (bodyType?.includes('json')) {
          headers['content-type'] = 'application/json';
          payload = JSON.stringify(body ?? null);
        } else if (bodyType?.includes('form')) {
          headers['content-type'] = 'application/x-www-form-urlencoded';
          const form = new URLSearchParams();
          if (body && typeof body === 'object' && !Array.isArray(body)) for (const [k, v] of Object.entries(body)) form.append(k, asField(v));
          else form.append('body', asField(body));
          payload = form.toString();
        } else if (bodyType) {
          headers['content-type'] = bodyType;
          payload = Buffer.from(asField(body));
        }
        const res = await svc.app.inject({ method: method.toUpperCase() as 'GET', url, headers: { authorization: basicHeader(svc.account), ...headers }, payload });
        sent++;
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        const text = res.body;
        const what = `${method.toUpperCase()} ${url.slice(0, 300)} ${payload === undefined ? '' : String(payload).slice(0, 300)} -> ${res.statusCode} ${text.slice(0, 200)}`;
        const outbound = (res.statusCode === 502 || res.statusCode === 503) && /"error"/.test(text);
        if (res.statusCode >= 500 && !outbound) failures.push(what);
        else if (res.statusCode >= 400 && !path.startsWith('/api/v1/') && !path.startsWith('/v1/') && !/^\{"error":\{"status":\d{3},"message":/.test(text)) failures.push(`not the error shape: ${what}`);
      }
    }
    console.log(`seed ${SEED}: ${sent} requests, answers by status ${JSON.stringify(statuses)}`);
    expect(failures, `${failures.length} of ${sent} requests`).toEqual([]);
    // The service still answers, and the caller is still signed in.
    expect((await svc.request('GET', '/api/v5/servers/')).status).toBe(200);
  });
});

