import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAlertTargetRows, type AlertTargets } from '../testing/alert-seeds';
import { startTestService, type TestService } from '../testing/harness';

let svc: TestService;
let t: AlertTargets;
let theirs: AlertTargets;
beforeAll(async () => {
  svc = await startTestService();
  t = await seedAlertTargetRows(svc.sql, svc.account.id, 'web-1');
  theirs = await seedAlertTargetRows(svc.sql, svc.other.id, 'their-1');
});
afterAll(() => svc.close());

type Targets = AlertTargets;
const logAlert = (x: Targets) => ({ type: 'Log', target_id: x.log, trigger_type: 'Log Content', reg_exp: 'panic' });
const tagAlert = (x: Targets) => ({ type: 'Server Tag', target_id: x.tag, trigger_type: 'Memory', threshold: 85 });
const serverAlert = (x: Targets) => ({ type: 'Server', target_id: x.server, trigger_type: 'CPU', threshold: 75 });

const create = async (fields: Record<string, unknown>, x: Targets = t, as = svc.account) => {
  const r = await svc.request('POST', '/api/alerts/', { as, form: { name: 'a', users: [x.owner], ...fields } });
  expect(r.status).toBe(201);
  return r.body.id as number;
};
const exists = async (id: number, as = svc.account) => (await svc.request('GET', `/api/alerts/${id}/`, { as })).status === 200;

describe('deleting an alert target deletes its alerts, as deleting a server does', () => {
  it('DELETE /logs/{id}/ deletes the Log alerts of that log only', async () => {
    const other = (await svc.sql.get<{ id: number }>(`INSERT INTO logs (account_id, server_id, source_type, source, updated) VALUES (?, ?, 'FILE', '/var/log/other', 0) RETURNING id`, svc.account.id, t.server))!.id;
    const onLog = await create(logAlert(t));
    const onOther = await create({ ...logAlert(t), target_id: other });
    const onServer = await create(serverAlert(t));
    expect((await svc.request('DELETE', `/api/logs/${t.log}/`)).status).toBe(200);
    expect(await exists(onLog)).toBe(false);
    expect(await exists(onOther)).toBe(true);
    expect(await exists(onServer)).toBe(true);
  });

  it('DELETE /server_tags/{id}/ deletes the Server Tag alerts of that tag only', async () => {
    const onTag = await create(tagAlert(t));
    const onServer = await create({ ...serverAlert(t), target_id: t.server });
    expect((await svc.request('DELETE', `/api/server_tags/${t.tag}/`)).status).toBe(200);
    expect(await exists(onTag)).toBe(false);
    expect(await exists(onServer)).toBe(true);
  });

  it("leaves another account's alerts alone, and a 404 for its ids changes nothing", async () => {
    const theirLog = await create(logAlert(theirs), theirs, svc.other);
    const theirTag = await create(tagAlert(theirs), theirs, svc.other);
    expect((await svc.request('DELETE', `/api/logs/${theirs.log}/`)).status).toBe(404);
    expect((await svc.request('DELETE', `/api/server_tags/${theirs.tag}/`)).status).toBe(404);
    expect(await exists(theirLog, svc.other)).toBe(true);
    expect(await exists(theirTag, svc.other)).toBe(true);
  });

  it('turning transactions off deletes the Log alerts of the AFURL and AFSQL logs it deletes', async () => {
    const local = await seedAlertTargetRows(svc.sql, svc.account.id, 'web-2');
    expect((await svc.request('PUT', '/api/transactions/', { form: { transactions_on: 'true' } })).status).toBe(200);
    const tx = (await svc.request('GET', '/api/transactions/logs/')).body.data as { id: number }[];
    expect(tx.length).toBeGreaterThan(0);
    const onTx = await create({ ...logAlert(local), target_id: tx[0]!.id }, local);
    const onFile = await create(logAlert(local), local);
    expect((await svc.request('PUT', '/api/transactions/', { form: { transactions_on: 'false' } })).status).toBe(200);
    expect(await exists(onTx)).toBe(false);
    expect(await exists(onFile)).toBe(true);
  });

  it('DELETE /servers/{id}/ deletes the alerts of its logs and polled data too, not those of other servers', async () => {
    const gone = await seedAlertTargetRows(svc.sql, svc.account.id, 'web-3');
    const kept = await seedAlertTargetRows(svc.sql, svc.account.id, 'web-4');
    const polledAlert = (x: Targets) => ({ type: 'Polled Data', target_id: x.polled, trigger_type: 'Nagios' });
    const onLog = await create(logAlert(gone), gone);
    const onPolled = await create(polledAlert(gone), gone);
    const onProcess = await create({ type: 'Process', target_id: gone.process, trigger_type: 'CPU', threshold: 90 }, gone);
    const elsewhere = [await create(logAlert(kept), kept), await create(polledAlert(kept), kept)];
    expect((await svc.request('DELETE', `/api/servers/${gone.server}/`)).status).toBe(200);
    for (const id of [onLog, onPolled, onProcess]) expect(await exists(id)).toBe(false);
    for (const id of elsewhere) expect(await exists(id)).toBe(true);
  });

  it('documents it in OpenAPI', async () => {
    const doc = (await svc.request('GET', '/api/v5/openapi.json', { as: null })).body;
    expect(doc.paths['/api/v5/logs/{id}/'].delete.description).toMatch(/its Log alerts/);
    expect(doc.paths['/api/v5/server_tags/{id}/'].delete.description).toMatch(/its Server Tag alerts/);
    expect(doc.paths['/api/v5/maintenance_windows/{id}/'].put.description).toMatch(/omitted reason becomes empty/);
  });
});
