import { describe, expect, it } from 'vitest';
import { registerTestServer } from '../testing/ingest';
import { useEngine } from '../testing/engine-fixture';

const f = useEngine();

describe('ids are never reused', () => {
  it('gives an alert created after deleting one in incident a new id; the old history still names the old alert and is closed', async () => {
    const s = await registerTestServer(f.svc, 'ids');
    const old = await f.alert({ name: 'Old CPU alert', type: 'Server', target_id: s, trigger_type: 'CPU', threshold: 90 });
    await f.feed('ids', 1, () => ({ server: { cpu: 99, memory: 1 } }));
    expect(await f.inIncident(old)).toBe(true);
    const [history] = await f.histories(old);
    expect((await f.svc.request('DELETE', `/api/alerts/${old}/`)).status).toBe(200);

    const fresh = await f.alert({ name: 'New memory alert', type: 'Server', target_id: s, trigger_type: 'Memory', threshold: 90 });
    expect(fresh).toBeGreaterThan(old);
    const kept = (await f.svc.request('GET', `/api/v5/alert_histories/${history!.id}/`)).body;
    expect(kept).toMatchObject({ alert_id: old, alert_name: 'Old CPU alert', alert_type: 'Server' });
    expect(kept.end).not.toBeNull();
    expect(await f.histories(fresh)).toEqual([]);
  });

  it.each([
    ['server_tags', { name: 'web', servers: '[]' }],
    ['server_sets', { name: 'prod', server_tags: '[]' }],
    ['users', { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', country_code: 44, phone_number: 7700900123 }],
  ])('for %s: a new item after deleting the newest gets a higher id', async (resource, form) => {
    const first = await f.svc.request('POST', `/api/${resource}/`, { form });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect((await f.svc.request('DELETE', `/api/${resource}/${first.body.id}/`)).status).toBe(200);
    const second = await f.svc.request('POST', `/api/${resource}/`, { form });
    expect(second.body.id).toBeGreaterThan(first.body.id);
  });
});
