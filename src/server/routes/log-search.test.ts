import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_SEARCH_MAX_WINDOW } from '../../shared/log-search';
import { eventServer, seedLog, sendEvents, type EventServer } from '../testing/event-batches';
import { startTestService, type TestService } from '../testing/harness';

/** GET /logs/search/ on whichever store runs (STORE=postgres for PostgreSQL). */
let svc: TestService;
let web1: EventServer;
let web2: EventServer;
let db1: EventServer;
let tagWeb: number;
let setDb: number;
let sysLog: number;
const E = 1_700_000_040; // a minute
const W = `start=${E - 3600}&end=${E + 600}`;
const msg = (time: number, severity: 'info' | 'warning' | 'critical', data: string) => ({ time, severity, data });
type Item = { time: number; severity: string; message: string; server_id: number; hostname: string; log_id: number; source_type: string };
const search = async (q: string) => {
  const r = await svc.request('GET', `/api/v5/logs/search/?${W}&${q}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { pagination: { count: number; next: string | null; previous: string | null }; data: Item[] };
};

beforeAll(async () => {
  svc = await startTestService();
  web1 = await eventServer(svc, svc.account, 'web-1');
  web2 = await eventServer(svc, svc.account, 'web-2');
  db1 = await eventServer(svc, svc.account, 'db-1');
  const [l1, l2, l3] = [await seedLog(svc, web1, 'FILE', '/var/log/app.log'), await seedLog(svc, web2, 'FILE', '/var/log/app.log'), await seedLog(svc, db1, 'FILE', '/var/log/pg.log')];
  sysLog = await seedLog(svc, db1, 'SYSLOG', '514');
  await sendEvents(svc, web1, E, { logs: [{ log_id: l1, messages: [msg(E + 1, 'info', 'GET / 200'), msg(E + 5, 'critical', 'upstream Timeout after 30s')] }] });
  await sendEvents(svc, web2, E - 60, { logs: [{ log_id: l2, messages: [msg(E - 58, 'warning', 'slow: timeout nearly reached')] }] });
  await sendEvents(svc, db1, E, {
    logs: [
      { log_id: l3, messages: [msg(E + 7, 'critical', 'lock TIMEOUT on relation 42'), msg(E + 8, 'info', 'checkpoint 100% done_')] },
      { log_id: sysLog, messages: [msg(E + 9, 'info', 'kernel: timeout on eth0')] },
    ],
  });
  // An hour earlier, outside the default hour before E+600.
  await sendEvents(svc, web1, E - 7200, { logs: [{ log_id: l1, messages: [msg(E - 7190, 'info', 'old timeout')] }] });
  const theirs = await eventServer(svc, svc.other, 'theirs');
  const theirLog = await seedLog(svc, theirs, 'FILE', '/var/log/app.log');
  await sendEvents(svc, theirs, E, { logs: [{ log_id: theirLog, messages: [msg(E + 2, 'critical', 'their timeout')] }] });
  tagWeb = (await svc.request('POST', '/api/server_tags/', { form: { name: 'web', servers: [web1.id, web2.id] } })).body.id;
  const tagDb = (await svc.request('POST', '/api/server_tags/', { form: { name: 'db', servers: [db1.id] } })).body.id;
  setDb = (await svc.request('POST', '/api/server_sets/', { form: { name: 'databases', server_tags: [tagDb] } })).body.id;
});
afterAll(() => svc.close());

describe('GET /logs/search/', () => {
  it('finds a word across 3 servers\' logs, any case, newest first, with each message\'s log and server', async () => {
    const r = await search('filter=timeout');
    expect(r.data.map((m) => [m.time, m.hostname])).toEqual([[E + 9, 'db-1'], [E + 7, 'db-1'], [E + 5, 'web-1'], [E - 58, 'web-2']]);
    expect(r.pagination.count).toBe(4);
    expect(r.data[2]).toEqual({
      time: E + 5, severity: 'critical', message: 'upstream Timeout after 30s', log_id: expect.any(Number), source_type: 'FILE',
      source: '/var/log/app.log', server_id: web1.id, hostname: 'web-1', nickname: '',
    });
    expect(new Set(r.data.map((m) => m.server_id))).toEqual(new Set([web1.id, web2.id, db1.id]));
  });

  it('never shows another account\'s logs', async () => {
    const r = await search('filter=timeout');
    expect(r.data.some((m) => m.message.includes('their'))).toBe(false);
    const theirs = await svc.request('GET', `/api/v5/logs/search/?${W}&filter=timeout`, { as: svc.other });
    expect(theirs.body.data.map((m: Item) => m.message)).toEqual(['their timeout']);
  });

  it.each([
    ['severity=critical', [E + 7, E + 5]],
    ['severity=WARNING', [E - 58]],
    [`servers=[${0}]`.replace('0', 'WEB2'), [E - 58]],
    ['tags=TAG', [E + 5, E - 58]],
    ['sets=SET', [E + 9, E + 7]],
    ['source_type=SYSLOG', [E + 9]],
    ['source_type=["file"]&severity=critical', [E + 7, E + 5]],
    ['tags=TAG&servers=WEB1', [E + 5]],
    ['tags=TAG&sets=SET', []],
  ])('filters by %s', async (q, want) => {
    const real = q.replace('WEB2', String(web2.id)).replace('WEB1', String(web1.id)).replace('TAG', String(tagWeb)).replace('SET', String(setDb));
    const r = await search(`filter=timeout&${real}`);
    expect(r.data.map((m) => m.time)).toEqual(want);
  });

  it('takes the text literally (% and _ are no wildcards) and matches everything without a filter', async () => {
    expect((await search('filter=100%25 done_')).data.map((m) => m.time)).toEqual([E + 8]);
    expect((await search('filter=%25')).data.map((m) => m.time)).toEqual([E + 8]);
    expect((await search('')).pagination.count).toBe(6);
  });

  it('pages with the standard envelope', async () => {
    const p0 = await search('filter=timeout&limit=3');
    expect(p0.data.map((m) => m.time)).toEqual([E + 9, E + 7, E + 5]);
    expect(p0.pagination.count).toBe(4);
    expect(p0.pagination.next).toMatch(/page=1/);
    const p1 = await search('filter=timeout&limit=3&page=1');
    expect(p1.data.map((m) => m.time)).toEqual([E - 58]);
    expect(p1.pagination.next).toBeNull();
  });

  it('reads the hour before end by default, and the window given to the second', async () => {
    const dflt = await svc.request('GET', `/api/v5/logs/search/?end=${E + 600}&filter=timeout`);
    expect(dflt.body.pagination.count).toBe(4);
    const older = await svc.request('GET', `/api/v5/logs/search/?start=${E - 7200}&end=${E}&filter=timeout`);
    expect(older.body.data.map((m: Item) => m.time)).toEqual([E - 58, E - 7190]);
    const exact = await svc.request('GET', `/api/v5/logs/search/?start=${E + 5}&end=${E + 7}&filter=timeout`);
    expect(exact.body.data.map((m: Item) => m.time)).toEqual([E + 7, E + 5]);
  });

  it('skips a deleted server\'s logs', async () => {
    const gone = await eventServer(svc, svc.account, 'gone');
    const log = await seedLog(svc, gone, 'FILE', '/var/log/x.log');
    await sendEvents(svc, gone, E, { logs: [{ log_id: log, messages: [msg(E + 3, 'info', 'gone timeout')] }] });
    expect((await search('filter=gone timeout')).pagination.count).toBe(1);
    expect((await svc.request('DELETE', `/api/servers/${gone.id}/`)).status).toBeLessThan(300);
    expect((await search('filter=gone timeout')).pagination.count).toBe(0);
  });

  it.each([
    ['severity=fatal', 'severity'],
    ['source_type=AFURL', 'source_type'],
    ['servers=web', 'servers'],
    ['servers=[999999]', 'servers'],
    ['servers=[THEIRS]', 'servers'],
    ['tags=[999999]', 'tags'],
    ['sets=[999999]', 'sets'],
    ['start=x', 'start'],
    [`start=${E}&end=${E - 1}`, 'start'],
    [`start=${E - LOG_SEARCH_MAX_WINDOW - 1}&end=${E}`, 'start'],
    ['end=' + E + '&start=0', 'start'],
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['page=-1', 'page'],
    [`filter=${'a'.repeat(1025)}`, 'filter'],
  ])('answers 400 for %s, naming the field', async (q, field) => {
    const theirs = (await svc.request('GET', '/api/servers/', { as: svc.other })).body.data[0].id;
    const r = await svc.request('GET', `/api/v5/logs/search/?${q.replace('THEIRS', String(theirs))}`);
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe(field);
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = await svc.request('GET', '/api/v5/openapi.json');
    expect(Object.keys(doc.body.paths)).toContain('/api/v5/logs/search/');
  });
});
