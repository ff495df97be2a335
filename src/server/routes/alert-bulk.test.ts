import { describe, expect, it } from 'vitest';
import { useEngine } from '../testing/engine-fixture';
import type { TestAccount } from '../testing/harness';
import { registerTestServer } from '../testing/ingest';
import { createUser } from '../testing/team';

const f = useEngine();
// Bursts at minutes 10-19 (CPU 90..99) and 30-34 (CPU 80): two incidents over 50, one over 85.
const cpuAt = (i: number) => (i >= 10 && i < 20 ? 90 + (i - 10) : i >= 30 && i < 35 ? 80 : 5);
const bulk = (form: Record<string, unknown>, as?: TestAccount) =>
  f.svc.request('POST', '/api/v5/alerts/bulk/', { form, as });
const get = async (id: number) => (await f.svc.request('GET', `/api/v5/alerts/${id}/`)).body;
const auditCount = async () => (await f.svc.request('GET', '/api/v5/audit/', { form: { limit: 1 } })).body.pagination.count as number;

async function setup() {
  const s1 = await registerTestServer(f.svc, 'b1');
  const s2 = await registerTestServer(f.svc, 'b2');
  await f.feed('b1', 40, (i) => ({ server: { cpu: cpuAt(i), memory: 1 } }));
  const a = await f.alert({ name: 'cpu1', type: 'Server', target_id: s1, trigger_type: 'CPU', threshold: 50, time_above_threshold: 3 });
  const b = await f.alert({ name: 'cpu2', type: 'Server', target_id: s2, trigger_type: 'CPU', threshold: 50 });
  const disk = await f.alert({ name: 'disk1', type: 'Server', target_id: s1, trigger_type: 'Disk', threshold: 90 });
  const down = await f.alert({ name: 'down1', type: 'Server', target_id: s1, trigger_type: 'Server Down' });
  return { s1, s2, a, b, disk, down };
}

describe('bulk alert edit', () => {
  it('previews each alert before and after with its fires over the last 7 days, changing nothing', async () => {
    const { a, b, down } = await setup();
    const audits = await auditCount();
    const r = await bulk({ ids: [a, b, down], threshold: 85, time_above_threshold: 3, dry_run: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.dry_run).toBe(true);
    expect(r.body.count).toBe(3);
    const [ra, rb, rd] = r.body.alerts;
    expect(ra).toMatchObject({ id: a, before: { threshold: 50, trigger: 'CPU above 50%' }, after: { threshold: 85, trigger: 'CPU above 85%' }, fires_before: 2, fires_after: 1 });
    expect(rb).toMatchObject({ id: b, fires_before: 0, fires_after: 0 });
    expect(rd).toMatchObject({ id: down, fires_before: null, fires_after: null });
    expect((await get(a)).threshold).toBe(50);
    expect(await auditCount()).toBe(audits);
  });

  it('applies to the alerts a filter selects, in one go, with an audit entry per alert', async () => {
    const { s1, a, b, disk } = await setup();
    const r = await bulk({ server_id: s1, type: 'Server', active: false, users: [f.owner] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.alerts.map((x: { id: number }) => x.id).sort()).toEqual([a, disk, disk + 1].sort());
    expect((await get(a)).active).toBe(false);
    expect((await get(disk)).active).toBe(false);
    expect((await get(b)).active).toBe(true);
    const audit = (await f.svc.request('GET', '/api/v5/audit/', { form: { resource: 'alerts' } })).body.data;
    const entries = audit.filter((e: { action: string }) => e.action === 'bulk_update');
    expect(entries).toHaveLength(3);
    expect(entries.find((e: { resource_id: number }) => e.resource_id === a)).toMatchObject({ before: { active: true }, after: { active: false } });
  });

  it('changes all or none: a refusal names its alert and nothing is written', async () => {
    const { a, disk } = await setup();
    const r = await bulk({ ids: [disk, a], threshold: 50.5 });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ status: 400, field: 'threshold' });
    expect(r.body.error.message).toContain(`alert ${a} (cpu1)`);
    expect((await get(disk)).threshold).toBe(90);
  });

  it('store: updateMany writes every patch or none', async () => {
    const { a, b } = await setup();
    const store = f.svc.deps.store;
    expect(await store.alerts.updateMany(f.svc.account.id, [{ id: a, patch: { threshold: 1 } }, { id: 99999, patch: { threshold: 1 } }])).toBeNull();
    expect((await get(a)).threshold).toBe(50);
    const done = await store.alerts.updateMany(f.svc.account.id, [{ id: b, patch: { threshold: 7 } }, { id: a, patch: { interval: 3 } }]);
    expect(done?.map((x) => [x.id, x.threshold, x.interval])).toEqual([[b, 7, 10], [a, 50, 3]]);
  });

  it('refuses bad input and other accounts, and needs the Manager role', async () => {
    const { s1, a } = await setup();
    const cases: [Record<string, unknown>, number, string | undefined][] = [
      [{ threshold: 10 }, 400, 'ids'],
      [{ ids: [a] }, 400, undefined],
      [{ ids: [a], name: 'x' }, 400, 'name'],
      [{ ids: [a], trigger_type: 'Memory' }, 400, 'trigger_type'],
      [{ ids: [a], threshold_type: 'out of band' }, 400, 'threshold_type'],
      [{ ids: 'a', threshold: 1 }, 400, 'ids'],
      [{ ids: [], threshold: 1 }, 400, 'ids'],
      [{ type: 'Nope', threshold: 1 }, 400, 'type'],
      [{ ids: [a], threshold: -1 }, 400, 'threshold'],
      [{ ids: [a], dry_run: 'maybe', threshold: 1 }, 400, 'dry_run'],
    ];
    for (const [form, status, field] of cases) {
      const r = await bulk(form);
      expect(r.status, JSON.stringify(form)).toBe(status);
      expect(r.body.error.status).toBe(status);
      if (field) expect(r.body.error.field, JSON.stringify(form)).toBe(field);
    }
    const theirServer = await registerTestServer(f.svc, 'theirs', f.svc.other);
    const theirOwner = (await f.svc.request('GET', '/api/v5/me/', { as: f.svc.other })).body.id;
    const theirs = await f.svc.request('POST', '/api/v5/alerts/', { as: f.svc.other, form: { name: 't', type: 'Server', target_id: theirServer, trigger_type: 'CPU', threshold: 5, users: [theirOwner] } });
    expect(theirs.status).toBe(201);
    const theirAlert = theirs.body.id as number;
    expect((await bulk({ ids: [a, theirAlert], threshold: 1 })).status).toBe(404);
    expect((await bulk({ server_id: theirServer, threshold: 1 })).status).toBe(404);
    expect((await bulk({ tag_id: 99999, threshold: 1 })).status).toBe(404);
    const regular = await createUser(f.svc, 3);
    const r = await bulk({ ids: [a], threshold: 1 }, regular);
    expect(r.status).toBe(403);
    expect((await get(a)).threshold).toBe(50);
    expect((await f.svc.request('GET', `/api/v5/alerts/${theirAlert}/`, { as: f.svc.other })).body.threshold).toBe(5);
    expect((await bulk({ server_id: s1, threshold: 60 })).status).toBe(200);
  });
});
