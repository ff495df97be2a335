import { describe, expect, it } from 'vitest';
import { registerTestServer } from '../testing/ingest';
import { receiver } from '../testing/receiver';
import { until } from '../testing/until';
import { useEngine } from '../testing/engine-fixture';

// The dispatcher polls once a minute here, so prompt callbacks prove the update path woke it.
const f = useEngine({ tickMs: 60_000 });
const hot = { server: { cpu: 99, memory: 1 } };
const statuses = (rx: { hits: { url: string }[] }) => rx.hits.map((h) => new URL(h.url, 'http://x').searchParams.get('status'));

async function alertInIncident(guid: string, rxPort: number) {
  const s = await registerTestServer(f.svc, guid);
  const id = await f.alert({ type: 'Server', target_id: s, trigger_type: 'CPU', threshold: 50 });
  const put = await f.svc.request('PUT', `/api/alerts/${id}/`, { form: { subscribers: [`http://127.0.0.1:${rxPort}/cb`] } });
  expect(put.status).toBe(200);
  await f.feed(guid, 1, () => hot);
  expect(await f.inIncident(id)).toBe(true);
  return id;
}

describe('deactivating an alert', () => {
  it('closes its incident and calls back RESOLVED', async () => {
    const rx = await receiver();
    const id = await alertInIncident('off', rx.port);
    await until(() => rx.hits.length === 1);
    const put = await f.svc.request('PUT', `/api/alerts/${id}/`, { form: { active: false } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ active: false, in_incident: false });
    const [h] = await f.histories(id);
    expect(h!.end).toBe(f.clock);
    await until(() => rx.hits.length === 2, 3000);
    expect(statuses(rx)).toEqual(['TRIGGERED', 'RESOLVED']);
    expect(rx.hits[1]!.url).toContain(`alert_history_id=${h!.id}`);
    // Inactive, it stays quiet on more breaching data.
    await f.feed('off', 2, () => hot, 1);
    expect(await f.inIncident(id)).toBe(false);
    expect(await f.histories(id)).toHaveLength(1);
    await rx.close();
  });

  it('queues nothing for an alert that was not in incident, and reactivating lets it fire again', async () => {
    const rx = await receiver();
    const s = await registerTestServer(f.svc, 'calm');
    const id = await f.alert({ type: 'Server', target_id: s, trigger_type: 'CPU', threshold: 50 });
    await f.svc.request('PUT', `/api/alerts/${id}/`, { form: { subscribers: [`http://127.0.0.1:${rx.port}/cb`] } });
    expect((await f.svc.request('PUT', `/api/alerts/${id}/`, { form: { active: false } })).body.in_incident).toBe(false);
    expect((await f.svc.request('GET', `/api/alerts/${id}/deliveries/`)).body.data).toEqual([]);
    await f.svc.request('PUT', `/api/alerts/${id}/`, { form: { active: true } });
    await f.feed('calm', 1, () => hot);
    expect(await f.inIncident(id)).toBe(true);
    await until(() => rx.hits.length === 1, 3000);
    expect(statuses(rx)).toEqual(['TRIGGERED']);
    await rx.close();
  });
});

describe('deleting an alert in incident', () => {
  it('sends no callback', async () => {
    const rx = await receiver();
    const id = await alertInIncident('del', rx.port);
    await until(() => rx.hits.length === 1);
    expect((await f.svc.request('DELETE', `/api/alerts/${id}/`)).status).toBe(200);
    await f.feed('del', 1, () => ({ server: { cpu: 1, memory: 1 } }), 1);
    const queued = (await f.svc.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM callback_deliveries WHERE alert_id = ?', id))!;
    expect(queued.n).toBe(1);
    expect(statuses(rx)).toEqual(['TRIGGERED']);
    await rx.close();
  });
});
