import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TraceResponse } from '../../shared/transaction-data';
import { startTestService, type TestService } from '../testing/harness';
import { buildFleet } from './fleet';
import { startDemoFleet } from './fleet-runner';
import { incidentsBetween } from './incidents';

// The demo's transactions during app-02's CPU spike, when the sockets' per-minute averages (x6) are
// far from any one request: the slowest request of the range must read the same in the transaction
// list, as the trace's duration and as its hop, and every hop's duration must be a logged message's.
const SERVERS = 7;
const fleet = buildFleet(SERVERS, 1);
const spike = incidentsBetween(fleet, 1_795_000_000 - 2 * 86_400, 1_795_000_000).find((i) => i.kind === 'cpu_spike')!;
const NOW = spike.start + 8 * 60 + 30;
const FROM = NOW - 12 * 60;

interface LogRow { id: number; server_id: number; source_type: string }
interface Record { time: number; data: string; duration: number }

let svc: TestService;
let ids: { [host: string]: number } = {};
let logs: LogRow[] = [];

beforeAll(async () => {
  svc = await startTestService();
  const demo = startDemoFleet({ baseUrl: svc.baseUrl, email: svc.account.email, key: svc.account.key, servers: SERVERS, days: 12 / 1440, follow: false, now: () => NOW });
  await demo.backfillDone;
  await demo.stop();
  const servers = (await svc.request('GET', '/api/v5/servers/')).body.data as { id: number; hostname: string }[];
  ids = Object.fromEntries(servers.map((s) => [s.hostname, s.id]));
  logs = (await svc.request('GET', '/api/v5/transactions/logs/')).body.data as LogRow[];
}, 120_000);
afterAll(async () => svc?.close());

const logOf = (serverId: number, type: 'AFURL' | 'AFSQL') => logs.find((l) => l.server_id === serverId && l.source_type === type)!;

/** The transaction list of a log over the range, slowest first (as the dashboard asks for it). */
async function slowest(log: LogRow, from: number, to: number): Promise<Record[]> {
  const r = await svc.request('GET', `/api/v5/transactions/logs/${log.id}/detail/?order=duration&limit=500&start=${from}&end=${to}&time_step=Minute`);
  expect(r.status).toBe(200);
  return r.body.data as Record[];
}
const messageTime = (r: Record) => (JSON.parse(r.data) as unknown[])[3] as number;
const messagePid = (r: Record) => (JSON.parse(r.data) as unknown[])[4] as number;

describe('durations agree between the transaction list, the trace and its hops (demo, app-02 spike)', () => {
  it.each(['app-02', 'web-01'])('the slowest request on %s', async (host) => {
    const serverId = ids[host]!;
    const [top] = await slowest(logOf(serverId, 'AFURL'), FROM, NOW);
    expect(top).toBeDefined();
    const r = await svc.request('GET', '/api/v5/transactions/trace/', { form: { time: messageTime(top!), sid: serverId, pid: messagePid(top!) } });
    expect(r.status).toBe(200);
    const trace = r.body as TraceResponse;

    // The trace's duration is the list's, and so is its starting hop's.
    expect(trace.request.duration).toBe(top!.duration);
    const first = trace.transactions.find((t) => t.id === trace.request.transactionId)!;
    expect(first.serverServerId).toBe(serverId);
    expect(first.timing).toMatchObject({ duration: top!.duration, measuredBy: 'server', start: messageTime(top!) });

    // Every timed hop is a message of its measured side's log, with the same time and duration.
    const timed = trace.transactions.filter((t) => t.timing?.duration !== null);
    expect(timed.length).toBeGreaterThanOrEqual(2);
    for (const t of timed) {
      const timing = t.timing!;
      const side = timing.measuredBy === 'server' ? { server: t.serverServerId, type: 'AFURL' as const } : { server: t.clientServerId, type: 'AFSQL' as const };
      const minute = Math.floor(timing.start! / 60) * 60;
      const listed = await slowest(logOf(side.server, side.type), minute, minute);
      const same = listed.find((m) => Math.abs(messageTime(m) - timing.start!) < 1e-6);
      expect(same?.duration, `hop ${t.id} ${side.type} on server ${side.server} at ${timing.start}`).toBe(timing.duration);
      // Calls nest within the request the trace follows (the demo's clocks are in step).
      expect(timing.start!).toBeGreaterThanOrEqual(first.timing!.start! - 1e-6);
      expect(timing.start! + timing.duration!).toBeLessThanOrEqual(first.timing!.start! + top!.duration + 1e-6);
    }

    // A call one side knows only as a per-minute average has no latency, rather than a made-up one or 0.
    for (const t of trace.transactions) {
      if (t.timing!.latencyGap !== null) expect(t.latency).toBeUndefined();
      else expect(t.latency).toBeCloseTo(t.clientDuration - t.serverDuration);
    }
    const fromWeb = trace.transactions.find((t) => t.clientServerId === ids['web-01'] && t.serverServerId !== t.clientServerId && t.timing!.measuredBy === 'server');
    if (host === 'app-02') {
      // nginx -> java: nginx's socket average is the spike's (hundreds of ms), java's message is the request's.
      expect(fromWeb!.clientDuration).toBeGreaterThan(3 * top!.duration);
      expect(fromWeb!.timing).toMatchObject({ duration: top!.duration, latencyGap: 'client-average' });
    }
  });
});
