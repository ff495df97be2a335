// The server list's pages and totals (a page's total is read from the page when it tells it, COUNT otherwise)
// and its items, which must be exactly the answers of GET /servers/{id}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { registerTestServer } from '../testing/ingest';

let svc: TestService;
let ids: number[];
beforeAll(async () => {
  svc = await startTestService();
  ids = [];
  for (let i = 0; i < 6; i++) {
    ids.push(await registerTestServer(svc, `list-${i}`, undefined, {
      hostname: i % 2 === 0 ? 'even' : `odd-${i}`,
      capacity_disks: { '/': 1000 + i, '/var': 0.5 },
      network_interfaces: [{ ip: [`10.0.0.${i}`, 'fe80::1'], friendly_name: `eth ${i} "quoted" \\ é 😀`, name: 'eth0' }],
      capacity_cpu_freq: 2400 + i,
    }));
  }
  await registerTestServer(svc, 'theirs', svc.other);
  // The fifth is deleted: it is neither listed nor counted.
  expect((await svc.request('DELETE', `/api/v5/servers/${ids[4]}/`)).status).toBe(200);
  ids.splice(4, 1);
});
afterAll(() => svc.close());

const list = async (query: string) => {
  const r = await svc.request('GET', `/api/v5/servers/${query}`);
  expect(r.status).toBe(200);
  return r.body as { pagination: { count: number; next: string | null; previous: string | null }; data: { id: number }[] };
};

describe('server list', () => {
  it('answers each server exactly as GET /servers/{id} does, in id order', async () => {
    const all = await list('');
    expect(all.pagination).toEqual({ count: 5, next: null, previous: null });
    expect(all.data.map((s) => s.id)).toEqual(ids);
    for (const s of all.data) expect(s).toEqual((await svc.request('GET', `/api/v5/servers/${s.id}/`)).body);
    expect(all.data[0]).toMatchObject({ capacity_disks: { '/': 1000, '/var': 0.5 }, network_interfaces: [{ friendly_name: 'eth 0 "quoted" \\ é 😀' }] });
  });

  it('counts every page right: partial, full, exactly full, past the end', async () => {
    for (const limit of [1, 2, 3, 4, 5, 6, 10]) {
      for (let page = 0; page <= Math.ceil(5 / limit) + 1; page++) {
        const r = await list(`?limit=${limit}&page=${page}`);
        expect(r.pagination.count, `limit ${limit} page ${page}`).toBe(5);
        expect(r.data.map((s) => s.id)).toEqual(ids.slice(page * limit, (page + 1) * limit));
      }
    }
  });

  it('counts a filtered list over pages', async () => {
    const even = [ids[0], ids[2]]; // the third 'even' is the deleted one
    for (const [limit, page] of [[1, 0], [1, 1], [1, 2], [2, 0], [2, 1], [2, 5], [3, 0]] as const) {
      const r = await list(`?hostname=even&limit=${limit}&page=${page}`);
      expect(r.pagination.count).toBe(2);
      expect(r.data.map((s) => s.id)).toEqual(even.slice(page * limit, (page + 1) * limit));
    }
    expect((await list('?hostname=nope&page=3')).pagination.count).toBe(0);
  });

  it("counts only the account's servers", async () => {
    const theirs = await svc.request('GET', '/api/v5/servers/', { as: svc.other });
    expect(theirs.body.pagination.count).toBe(1);
    expect(theirs.body.data).toHaveLength(1);
  });

  it('reads a damaged JSON column as its default, in the list as in one server', async () => {
    await svc.sql.run("UPDATE servers SET capacity_disks = '{broken', network_interfaces = '' WHERE account_id = ? AND id = ?", svc.account.id, ids[1]);
    const one = (await svc.request('GET', `/api/v5/servers/${ids[1]}/`)).body;
    expect(one).toMatchObject({ capacity_disks: {}, network_interfaces: [] });
    const all = await list('');
    expect(all.data[1]).toEqual(one);
  });
});
