import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTestServer } from '../testing/ingest';
import { receiver } from '../testing/receiver';
import { until } from '../testing/until';
import { useEngine } from '../testing/engine-fixture';

// An SMTP server that accepts connections and never greets: a send to it hangs.
const sockets = new Set<Socket>();
const smtp = createServer((s) => {
  sockets.add(s);
  s.on('close', () => sockets.delete(s));
});
beforeAll(() => new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r)));
afterAll(() => new Promise((r) => smtp.close(r)));
const smtpPort = () => (smtp.address() as { port: number }).port;

const f = useEngine({ smtpUrl: () => `smtp://127.0.0.1:${smtpPort()}` });
const notifications = (id: number) => f.svc.sql.all<{ state: string; error: string | null }>('SELECT state, error FROM notifications WHERE alert_id = ? ORDER BY id', id);
const events = (id: number) => f.svc.sql.all<{ event: string; subject: string; body: string }>('SELECT event, subject, body FROM notifications WHERE alert_id = ? ORDER BY id', id);

describe('notifications', () => {
  it('are recorded and sent off the evaluation path: a hanging SMTP server holds up neither evaluation nor callbacks', async () => {
    const rx = await receiver();
    // One e-mail sent at once: grouping (tested in grouping.test.ts) is off.
    await f.svc.request('PUT', '/api/v5/notification_settings/', { form: { group_wait_s: 0 } });
    const s = await registerTestServer(f.svc, 'n');
    const id = await f.alert({ type: 'Server', target_id: s, trigger_type: 'CPU', threshold: 50 });
    await f.svc.request('PUT', `/api/alerts/${id}/`, { form: { subscribers: [`http://127.0.0.1:${rx.port}/cb`] } });
    const t0 = Date.now();
    await f.feed('n', 1, () => ({ server: { cpu: 99, memory: 1 } }));
    await f.feed('n', 1, () => ({ server: { cpu: 1, memory: 1 } }), 1);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect((await f.histories(id))[0]!.end).not.toBeNull();
    await until(() => rx.hits.length === 2, 3000);
    // The TRIGGERED e-mail and, once the incident ended, the RESOLVED one: both wait for the hanging server.
    expect(await notifications(id)).toEqual([{ state: 'pending', error: null }, { state: 'pending', error: null }]);
    const told = await events(id);
    expect(told.map((n) => n.event)).toEqual(['TRIGGERED', 'RESOLVED']);
    expect(told[1]!.subject).toMatch(/^Alert resolved: /);
    await until(() => sockets.size > 0);
    for (const sock of sockets) sock.destroy();
    // The cut send is recorded and the e-mail stays in the outbox to be tried again, never left hanging.
    await until(async () => (await notifications(id))[0]!.error !== null, 5000);
    expect((await notifications(id))[0]!.state).toBe('pending');
    await rx.close();
  });
});
