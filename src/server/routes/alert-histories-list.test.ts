// The alert histories list reads its page differently from GET of one history (no saved message; on
// SQLite one JSON text for the page): whatever a row holds, a list item must be that GET's answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAlertTargetRows } from '../testing/alert-seeds';
import { startTestService, type TestService } from '../testing/harness';
import { testStoreKind } from '../store/test-store';

const NOW = 1_700_000_000;
let svc: TestService;
let alertId: number;
beforeAll(async () => {
  svc = await startTestService({}, () => NOW);
  const t = await seedAlertTargetRows(svc.sql, svc.account.id, 'web-1');
  alertId = (await svc.request('POST', '/api/alerts/', { form: { name: 'cpu "high" é', type: 'Server', target_id: t.server, trigger_type: 'CPU', threshold: 90, users: [t.owner] } })).body.id;
});
afterAll(() => svc.close());

const GOOD = [{ id: 7, hostname: 'web-1', nickname: 'front "a" \\ 😀', value: 91.25 }, { id: 8, hostname: 'web-2', nickname: '', value: null }];
// Stored values either store holds (JSON): the schema keeps valid servers (extra members dropped) and reads anything else as [].
const BREACHING = [
  JSON.stringify(GOOD),
  JSON.stringify([{ ...GOOD[0], extra: 1 }]),
  JSON.stringify([{ ...GOOD[0], id: 1.5 }]),
  JSON.stringify([GOOD[0], 'x']),
  JSON.stringify({ id: 1 }),
  JSON.stringify('[]'),
  'null',
  '[]',
  JSON.stringify([{ id: 9, hostname: 'h', nickname: 'n', value: 1e300 }]),
];
// labels: an External alert's incident answers them with generator_url; null answers neither.
const LABELS: (string | null)[] = [JSON.stringify({ alertname: 'Up', job: 'node "x"' }), null, '{}', JSON.stringify({ a: 1 })];

describe('alert histories list', () => {
  it('lists every history exactly as GET of it answers, whatever its stored servers and labels', async () => {
    const repo = svc.deps.store.alertHistories;
    const damaged = testStoreKind() === 'sqlite' ? ['{broken', ''] : [];
    const ids: number[] = [];
    const values = [...BREACHING, ...damaged];
    for (let i = 0; i < values.length; i++) {
      const id = await repo.createHistory(svc.account.id, { alertId, start: NOW - 1000 + i, subject: `s ${i} "q" \u2028`, html: '<p>x</p>', json: '{}', text: 't', sms: 's' });
      const labels = LABELS[i % LABELS.length]!;
      await svc.sql.run(
        'UPDATE alert_histories SET breaching_servers = ?, labels = ?, generator_url = ?, trigger_value = ?, silenced = ? WHERE account_id = ? AND id = ?',
        values[i], labels, labels === null ? null : `http://prom/graph?g=${i}`, i === 0 ? 0.1 + 0.2 : null, i % 2 === 0 ? (testStoreKind() === 'sqlite' ? 1 : true) : (testStoreKind() === 'sqlite' ? 0 : false), svc.account.id, id,
      );
      ids.push(id);
    }
    if (testStoreKind() === 'sqlite') await svc.sql.run("UPDATE alert_histories SET labels = '{broken' WHERE account_id = ? AND id = ?", svc.account.id, ids[1]);
    await repo.endHistory(svc.account.id, ids[2]!, NOW - 10);
    expect((await svc.request('POST', `/api/alert_histories/${ids[3]}/acknowledge/`)).status).toBe(200);
    const list = await svc.request('GET', '/api/alert_histories/');
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { id: number }) => x.id)).toEqual([...ids].reverse());
    for (const item of list.body.data) expect(item).toEqual((await svc.request('GET', `/api/alert_histories/${item.id}/`)).body);
    const first = list.body.data.at(-1);
    expect(first).toMatchObject({ servers: GOOD, silenced: true, labels: { alertname: 'Up', job: 'node "x"' }, generator_url: 'http://prom/graph?g=0' });
    expect(list.body.data.find((x: { id: number }) => x.id === ids[5])).not.toHaveProperty('labels');
    expect(list.body.data.find((x: { id: number }) => x.id === ids[3])).toMatchObject({ acknowledged_at: NOW, acknowledged_by: expect.any(Number) });
    expect(list.body.data.find((x: { id: number }) => x.id === ids[2])).toMatchObject({ end: NOW - 10 });
  });
});
