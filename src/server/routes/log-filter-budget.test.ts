import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_BUDGET_MS } from '../services/log-filter';
import { eventServer, seedLog, sendEvents } from '../testing/event-batches';
import { startTestService, type TestService } from '../testing/harness';
import { until } from '../testing/until';

/** A catastrophic log filter is stopped within the per-request budget and never stalls other requests for long. */
let svc: TestService;
let logId: number;
const E = 1_700_000_040;

beforeAll(async () => {
  svc = await startTestService();
  const srv = await eventServer(svc, svc.account, 'web-1');
  logId = await seedLog(svc, srv, 'FILE', '/var/log/app.log');
  await sendEvents(svc, srv, E, { logs: [{ log_id: logId, messages: [{ time: E + 1, severity: 'info', data: `${'a'.repeat(5000)}c` }] }] });
});
afterAll(() => svc.close());

const timed = async (path: string) => {
  const t0 = performance.now();
  const r = await svc.request('GET', path);
  return { ...r, ms: performance.now() - t0 };
};

describe('a catastrophic log filter', () => {
  it('answers 400 "filter took too long" while a plain request sent meanwhile is answered promptly', async () => {
    // A back-reference keeps the filter off RE2, so it backtracks under the budget.
    const evil = `/api/logs/${logId}/detail/?end=${E}&filter=${encodeURIComponent('\\(a*\\)*\\1b')}`;
    // The plain request leaves once the service has both catastrophic ones in hand.
    let arrived = 0;
    const seen = (req: IncomingMessage) => void (req.url?.includes('filter=') && arrived++);
    svc.app.server.on('request', seen);
    const stalls = [timed(evil), timed(evil)];
    await until(() => arrived === 2).finally(() => svc.app.server.off('request', seen));
    const plain = await timed(`/api/servers/`);
    expect(plain.status).toBe(200);
    // Each catastrophic request holds the event loop for at most the budget; 1 s was the old one.
    expect(plain.ms).toBeLessThan(2 * FILTER_BUDGET_MS + 500);
    for (const r of await Promise.all(stalls)) {
      expect(r.status).toBe(400);
      expect(r.body.error).toEqual({ status: 400, message: 'filter took too long', field: 'filter' });
    }
  });

  it('answers a pattern without back-references, catastrophic for backtracking, on RE2 at once', async () => {
    const r = await svc.request('GET', `/api/logs/${logId}/detail/?end=${E}&filter=${encodeURIComponent('\\(a*\\)*c')}`);
    expect(r.status).toBe(200);
    expect(r.body.pagination.count).toBe(1);
  });

  it('still matches an honest filter over the same message', async () => {
    const r = await svc.request('GET', `/api/logs/${logId}/detail/?end=${E}&filter=${encodeURIComponent('a*c')}`);
    expect(r.status).toBe(200);
    expect(r.body.pagination.count).toBe(1);
  });
});
