import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemNow } from '../deps';
import { startTestService, type TestService } from '../testing/harness';
import { createUser, type TestUser } from '../testing/team';

let svc: TestService;
let ann: TestUser;
let bob: TestUser;
// The service's clock: each change below happens at a time of its own.
let clock = systemNow() - 10 * 86_400;
beforeAll(async () => {
  svc = await startTestService({}, () => clock);
  ann = await createUser(svc, 2);
  bob = await createUser(svc, 2);
  // ann creates (day 0) and renames (day 1) a tag; bob creates (day 2) and deletes (day 3) a set.
  const tag = (await svc.request('POST', '/api/v5/server_tags/', { as: ann, form: { name: 'web', servers: '[]' } })).body.id as number;
  clock += 86_400;
  expect((await svc.request('PUT', `/api/v5/server_tags/${tag}/`, { as: ann, form: { name: 'web2', servers: '[]' } })).status).toBe(200);
  clock += 86_400;
  const set = (await svc.request('POST', '/api/v5/server_sets/', { as: bob, form: { name: 'edge', servers: '[]', server_tags: '[]' } })).body.id as number;
  clock += 86_400;
  await svc.request('DELETE', `/api/v5/server_sets/${set}/`, { as: bob });
});
afterAll(() => svc.close());

type Entry = { user_id: number; action: string; resource: string; time: number };
const list = async (q: string) => {
  const r = await svc.request('GET', `/api/v5/audit/?limit=100&${q}`);
  expect(r.status).toBe(200);
  return r.body as { data: Entry[]; pagination: { count: number } };
};
const mine = (es: Entry[]) => es.filter((e) => e.user_id === ann.userId || e.user_id === bob.userId).map((e) => `${e.action} ${e.resource}`);

describe('filters of the audit log', () => {
  it('by user', async () => {
    const r = await list(`user_id=${ann.userId}`);
    expect(r.data.every((e) => e.user_id === ann.userId)).toBe(true);
    expect(mine(r.data)).toEqual(['update server_tags', 'create server_tags']);
    expect(r.pagination.count).toBe(2);
  });

  it('by action', async () => {
    const r = await list('action=delete');
    expect(r.data.map((e) => e.action)).toEqual(['delete']);
    expect(mine(r.data)).toEqual(['delete server_sets']);
    expect((await list('action=create&resource=server_sets')).data.map((e) => e.user_id)).toEqual([bob.userId]);
  });

  it('by date range, both ends included', async () => {
    const all = (await list(`user_id=${bob.userId}`)).data;
    const created = all.find((e) => e.action === 'create')!.time;
    const deleted = all.find((e) => e.action === 'delete')!.time;
    expect(mine((await list(`start=${created}&end=${deleted}`)).data)).toEqual(['delete server_sets', 'create server_sets']);
    expect(mine((await list(`start=${created + 1}`)).data)).toEqual(['delete server_sets']);
    expect(mine((await list(`end=${created - 1}&user_id=${ann.userId}`)).data)).toEqual(['update server_tags', 'create server_tags']);
    expect(mine((await list(`start=${created}&end=${created}&user_id=${ann.userId}`)).data)).toEqual([]);
  });

  it('refuses an end before the start and bad values, naming the field', async () => {
    for (const [q, field] of [['start=200&end=100', 'end'], ['user_id=x', 'user_id'], ['start=-1', 'start'], [`action=${'a'.repeat(101)}`, 'action']] as const) {
      const r = await svc.request('GET', `/api/v5/audit/?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error.field).toBe(field);
    }
  });

  it("never shows another account's entries", async () => {
    const r = await svc.request('GET', `/api/v5/audit/?user_id=${ann.userId}`, { as: svc.other });
    expect(r.body.data).toEqual([]);
  });
});
