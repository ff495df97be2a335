import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessSample } from '../../shared/ingest';
import { basicHeader, startTestService, type TestService } from '../testing/harness';
import { batchFor, postBatch, registerTestServer } from '../testing/ingest';

const M = Math.floor(Date.now() / 1000 / 3600) * 3600 - 2 * 3600; // an hour boundary, 2 hours ago
const NASTY = '=HYPERLINK("http://x"), then "quoted"\nand a second line';
let svc: TestService;
let sid: number;
let theirSid: number;
const ids: Record<string, string> = {};
const theirs: Record<string, string> = {};

const proc = (pid: number, name: string, args: string | null): ProcessSample => ({ pid, create_time: 1000 + pid, name, args, cpu: 5, memory: 100, thread_num: 2 });

/** Feeds two minutes of everything into a fresh server of `as`, and answers the ids the endpoints take. */
async function seed(guid: string, as = svc.account) {
  const server = await registerTestServer(svc, guid, as);
  const log = await svc.request('POST', '/api/v5/logs/', { form: { server, type: 'FILE', source: `/var/log/${guid}.log` }, as });
  expect(log.status).toBe(201);
  for (const m of [M, M + 60]) {
    const b = batchFor(guid, m, {
      server: { cpu: m === M ? 10 : 20, memory: 1000, disk_percent_part: { '/': 40, '/var': 50 } },
      processes: [proc(10, 'nginx', 'master, -g "daemon off;"'), proc(11, 'nginx', '=cmd|calc')],
      logs: [{ log_id: log.body.id, messages: [{ time: m + 1, severity: 'critical', data: NASTY }, { time: m + 2, severity: 'info', data: 'ok' }] }],
      polled: [{ name: 'load', command_name: 'check_load', command_line: 'check_load', time: m + 3, status: 'OK', text: 'OK - load, fine', values: [{ name: 'load1', value: 1.5, unit: 'd' }] }],
      statsd: [{ name: 'hits', type: 'counter', value: 7, count: 7 }],
    });
    expect((await postBatch(svc, b, { as })).status).toBe(201);
  }
  expect((await svc.request('GET', `/api/v5/servers/${server}/auto_detection/`, { as })).status).toBe(200);
  const first = async (path: string) => String((await svc.request('GET', path, { as })).body.data[0].id);
  return {
    sid: String(server),
    uid: `${server}_10_1010`,
    app: await first('/api/v5/applications/'),
    polled: await first('/api/v5/polled_data/'),
    bucket: await first('/api/v5/buckets/'),
    log: String(log.body.id),
  };
}

beforeAll(async () => {
  svc = await startTestService();
  Object.assign(ids, await seed('csv-main'));
  Object.assign(theirs, await seed('csv-theirs', svc.other));
  sid = Number(ids.sid);
  theirSid = Number(theirs.sid);
});
afterAll(() => svc.close());

/** Parses RFC 4180 text (quoted fields, doubled quotes, CRLF rows), to check what the service wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    }
    else field += c;
  }
  return rows;
}

async function getCsv(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${svc.baseUrl}${path}`, { headers: { authorization: basicHeader(svc.account), ...headers } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** [path of the endpoint (ids filled in by `fill`), its file name, its first columns]. */
const ENDPOINTS: [string, string, string[]][] = [
  ['/servers/{sid}/data/?num=5', 'server-{sid}-data.csv', ['id', 'time', 'cpu']],
  ['/servers/latest_data/', 'servers-latest-data.csv', ['server_id', 'id', 'time']],
  ['/servers/', 'servers.csv', ['id', 'hostname', 'nickname']],
  ['/servers/{sid}/processes/', 'server-{sid}-processes.csv', ['uid', 'pid', 'create_time', 'name', 'args']],
  ['/servers/{sid}/processes/data/?num=5', 'server-{sid}-process-summary.csv', ['uid', 'name', 'args', 'time']],
  ['/processes/{uid}/data/?num=5', 'process-{uid}-data.csv', ['time']],
  ['/applications/', 'applications.csv', ['id', 'name']],
  ['/applications/{app}/data/?num=5', 'application-{app}-data.csv', ['time']],
  ['/applications/{app}/processes/', 'application-{app}-processes.csv', ['uid', 'pid']],
  ['/applications/{app}/processes/data/?num=5', 'application-{app}-process-summary.csv', ['uid', 'name', 'args', 'time']],
  ['/polled_data/', 'polled-data.csv', ['id', 'name']],
  ['/polled-data/{polled}/data/?num=5', 'polled-data-{polled}-data.csv', ['time', 'status', 'text', 'values.load1']],
  ['/buckets/', 'buckets.csv', ['id', 'name']],
  ['/buckets/{bucket}/data/?num=5', 'bucket-{bucket}-data.csv', ['time', 'value', 'count']],
  ['/logs/', 'logs.csv', ['id', 'server_id', 'source_type', 'source']],
  ['/logs/{log}/data/?num=5', 'log-{log}-data.csv', ['time', 'info', 'warning', 'critical']],
  ['/logs/{log}/detail/?num=5', 'log-{log}-messages.csv', ['time', 'severity', 'data']],
];
const fill = (s: string, with_: Record<string, string>) => s.replace(/\{(\w+)\}/g, (_, k: string) => with_[k]!);
const withFormat = (path: string, format: string) => `${path}${path.includes('?') ? '&' : '?'}format=${format}`;

describe('CSV answers of the data endpoints', () => {
  it.each(ENDPOINTS)('%s answers CSV with a header row, one row per JSON item', async (path, file, columns) => {
    const p = `/api/v5${fill(path, ids)}`;
    const json = await svc.request('GET', p);
    expect(json.status).toBe(200);
    expect(json.body.data.length).toBeGreaterThan(0);
    const csv = await getCsv(withFormat(p, 'csv'));
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="${fill(file, ids)}"`);
    const rows = parseCsv(csv.text);
    expect(rows[0]!.slice(0, columns.length)).toEqual(columns);
    expect(rows.length - 1).toBe(json.body.data.length);
  });

  it.each(ENDPOINTS.filter(([p]) => p.includes('{')))('%s answers 404 JSON for another account\'s id', async (path) => {
    const r = await getCsv(withFormat(`/api/v5${fill(path, theirs)}`, 'csv'));
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(r.text).error).toMatchObject({ status: 404 });
  });

  it('answers CSV for Accept: text/csv, and JSON when JSON is preferred or format=json', async () => {
    const p = `/api/v5/servers/${sid}/data/?num=5`;
    expect((await getCsv(p, { accept: 'text/csv' })).headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await getCsv(p, { accept: 'application/json, text/csv;q=0.5' })).headers.get('content-type')).toMatch(/^application\/json/);
    expect((await getCsv(`${p}&format=json`, { accept: 'text/csv' })).headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('quotes commas, quotes and line breaks (RFC 4180) and guards formula cells', async () => {
    const r = await getCsv(`/api/v5/logs/${ids.log}/detail/?num=5&format=csv`);
    expect(r.text).toContain(`"'=HYPERLINK(""http://x""), then ""quoted""\nand a second line"`);
    const rows = parseCsv(r.text);
    expect(rows.filter((x) => x[2] === `'${NASTY}`)).toHaveLength(2);
    const procs = parseCsv((await getCsv(`/api/v5/servers/${sid}/processes/?format=csv`)).text);
    const args = procs.slice(1).map((x) => x[4]).sort();
    expect(args).toEqual(["'=cmd|calc", 'master, -g "daemon off;"']);
  });

  it('flattens per-part fields into columns of numbers', async () => {
    const rows = parseCsv((await getCsv(`/api/v5/servers/${sid}/data/?num=5&format=csv`)).text);
    const head = rows[0]!;
    expect(head).toEqual(expect.arrayContaining(['disk_percent_part./', 'disk_percent_part./var']));
    expect(rows[1]![head.indexOf('disk_percent_part./var')]).toBe('50');
    expect(rows.slice(1).map((x) => x[head.indexOf('cpu')])).toEqual(['20', '10']);
  });

  it('links the next page', async () => {
    const r = await getCsv(`/api/v5/servers/${sid}/data/?num=5&limit=1&format=csv`);
    expect(parseCsv(r.text)).toHaveLength(2);
    expect(r.headers.get('link')).toMatch(/^<\/api\/v5\/servers\/\d+\/data\/\?.*page=1.*>; rel="next"$/);
  });

  it.each([
    ['format=xml', 'format', 'format must be one of csv, json'],
    ['format=csv&format=csv', 'format', 'format must be given once'],
    ['format=csv&num=0', 'num', undefined],
    ['format=csv&time_step=Week', 'time_step', undefined],
  ])('%s is a 400 in the JSON error shape', async (q, field, message) => {
    const r = await getCsv(`/api/v5/servers/${sid}/data/?${q}`);
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    const body = JSON.parse(r.text);
    expect(body.error).toMatchObject({ status: 400, field, ...(message ? { message } : {}) });
  });

  it('keeps an unknown id a 404 and a missing sign-in a 401, both JSON', async () => {
    expect((await getCsv(`/api/v5/servers/999999/data/?format=csv`)).status).toBe(404);
    const anon = await fetch(`${svc.baseUrl}/api/v5/servers/${theirSid}/data/?format=csv`);
    expect(anon.status).toBe(401);
    expect(anon.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
