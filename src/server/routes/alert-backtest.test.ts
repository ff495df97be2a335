import { describe, expect, it } from 'vitest';
import { START, fmt, useEngine } from '../testing/engine-fixture';
import { registerTestServer } from '../testing/ingest';
import { createUser } from '../testing/team';

const f = useEngine();
// Two bursts: minutes 10-19 (CPU 90..99) and 30-34; cool otherwise.
const cpuAt = (i: number) => (i >= 10 && i < 20 ? 90 + (i - 10) : i >= 30 && i < 35 ? 80 : 5);
const range = { start: START - 60, end: START + 60 * 60 };
const form = (server: number, over: Record<string, unknown> = {}) => ({
  name: 'cpu', type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50, time_above_threshold: 3, users: [f.owner], ...over,
});
const alertCount = async () => (await f.svc.request('GET', '/api/v5/alerts/')).body.pagination.count as number;

async function fed(guid: string): Promise<number> {
  const s = await registerTestServer(f.svc, guid);
  await f.feed(guid, 40, (i) => ({ server: { cpu: cpuAt(i), memory: 1 } }));
  return s;
}

describe('alert backtest', () => {
  it('answers the incidents the live engine had on the same minutes, from a form and from the saved alert', async () => {
    const s = await registerTestServer(f.svc, 'bt');
    const id = await f.alert(form(s));
    await f.feed('bt', 40, (i) => ({ server: { cpu: cpuAt(i), memory: 1 } }));
    const live = (await f.histories(id)).sort((a, b) => a.start - b.start);
    expect(live.map((h) => [h.start, h.end])).toEqual([
      [START + 12 * 60, START + 20 * 60],
      [START + 32 * 60, START + 35 * 60],
    ]);

    const before = await alertCount();
    const typed = await f.svc.request('POST', '/api/v5/alerts/backtest/', { form: { ...form(s), ...range } });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect(typed.body).toEqual({
      incidents: live.map((h, i) => ({ start: h.start, end: h.end, peak: i === 0 ? 99 : 80 })),
      evaluated_minutes: 40,
      skipped_minutes_maintenance: 0,
      notifications: 2,
      ...range,
    });
    expect(await alertCount()).toBe(before); // nothing stored

    const saved = await f.svc.request('GET', `/api/v5/alerts/${id}/backtest/`, { form: range });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(typed.body);
  });

  it('counts reminders, leaves maintenance out, and follows a changed threshold', async () => {
    const s = await fed('bt2');
    const r = await f.svc.request('POST', '/api/v5/alerts/backtest/', { form: { ...form(s, { interval: 2 }), ...range } });
    expect(r.body.notifications).toBe(2 + 3 + 1); // starts at 12 and 32, reminders at 14, 16, 18 and 34
    const high = await f.svc.request('POST', '/api/v5/alerts/backtest/', { form: { ...form(s, { threshold: 85 }), ...range } });
    expect(high.body.incidents).toHaveLength(1);

    const w = await f.svc.request('POST', '/api/v5/maintenance_windows/', { form: { start: fmt(START + 29 * 60), end: fmt(START + 36 * 60), servers: [s] } });
    expect(w.status).toBe(201);
    const paused = await f.svc.request('POST', '/api/v5/alerts/backtest/', { form: { ...form(s), ...range } });
    expect(paused.body.incidents).toEqual([{ start: START + 12 * 60, end: START + 20 * 60, peak: 99 }]);
    expect(paused.body.skipped_minutes_maintenance).toBe(5);
  });

  it('defaults to the last 7 days', async () => {
    const s = await fed('bt3');
    const r = await f.svc.request('POST', '/api/v5/alerts/backtest/', { form: form(s) });
    expect(r.status).toBe(200);
    expect(r.body.end - r.body.start).toBe(7 * 86400);
    expect(r.body.incidents).toHaveLength(2);
  });

  it('refuses bad input in the error shape, stores nothing, and keeps accounts apart', async () => {
    const s = await registerTestServer(f.svc, 'bt4');
    const before = await alertCount();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...form(s), threshold: 'x' }, 400, 'threshold'],
      [{ ...form(s), type: 'Nope' }, 400, 'type'],
      [{ ...form(s), trigger_type: 'Disk', type: 'Server Tag' }, 400, 'trigger_type'],
      [{ ...form(s), start: 100, end: 50 }, 400, 'end'],
      [{ ...form(s), start: 0, end: 40 * 86400 }, 400, 'end'],
      [{ ...form(s), start: 'yesterday' }, 400, 'start'],
      [{ ...form(s), target_id: 999999 }, 400, 'target_id'],
      [{ ...form(s), trigger_type: 'Server Down' }, 422, 'trigger_type'],
      [{ ...form(s), threshold_type: 'out of band' }, 422, 'threshold_type'],
    ];
    for (const [body, status, field] of cases) {
      const r = await f.svc.request('POST', '/api/v5/alerts/backtest/', { form: body });
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body.error).toMatchObject({ status, field });
    }
    expect(await alertCount()).toBe(before);

    const id = await f.alert(form(s));
    const theirs = await f.svc.request('GET', `/api/v5/alerts/${id}/backtest/`, { as: f.svc.other });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.status).toBe(404);
    expect((await f.svc.request('GET', '/api/v5/alerts/99999/backtest/')).status).toBe(404);
    expect((await f.svc.request('GET', `/api/v5/alerts/${id}/backtest/`, { form: { end: 'soon' } })).status).toBe(400);
    const their = await f.svc.request('POST', '/api/v5/alerts/backtest/', { form: form(s), as: f.svc.other });
    expect(their.status).toBe(400);
    expect(their.body.error.field).toBe('target_id');
  });

  it('is open to a Regular user, who may not create alerts', async () => {
    const s = await registerTestServer(f.svc, 'bt5');
    const regular = await createUser(f.svc, 3);
    expect((await f.svc.request('POST', '/api/v5/alerts/', { form: form(s), as: regular })).status).toBe(403);
    const r = await f.svc.request('POST', '/api/v5/alerts/backtest/', { form: form(s), as: regular });
    expect(r.status).toBe(200);
    expect(r.body.incidents).toEqual([]);
  });
});
