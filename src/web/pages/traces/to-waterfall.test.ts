import { describe, expect, it } from 'vitest';
import type { CallTiming } from '../../../shared/trace-timing';
import type { TraceProcess, TraceResponse, TraceTransaction } from '../../../shared/transaction-data';
import { axisTicks, tickStep, toWaterfall } from './to-waterfall';

const proc = (id: number, uid: string, server: string, name: string): TraceProcess => ({
  id, index: id, uid, serverNickName: server, serverHostName: server, serverId: Number(uid.split('_')[0]), serverIp: '', pid: Number(uid.split('_')[1]), name,
  args: null, logId: null, logType: null, cpu: 0, memory: 0, avgResponseTime: 0, netTransactNum: 0, responseNum: 0, socketNum: 0, socketRead: 0,
  socketWrite: 0, fileNum: 0, fileRead: 0, fileWrite: 0, registryNum: 0, pageFaults: 0, threads: 0, flags: 0, time: 60,
});
const untimed = (average: number): CallTiming => ({ duration: null, measuredBy: null, average, start: null, clock: null, latency: null, latencyGap: 'both-average' });
const logged = (start: number, duration: number, over: Partial<CallTiming> = {}): CallTiming => ({
  duration, measuredBy: 'server', average: null, start, clock: 'known', latency: null, latencyGap: 'client-average', ...over,
});
const tx = (id: number, c: number, s: number, clientDuration: number, serverDuration: number, timing: CallTiming): TraceTransaction => ({
  id, clientProcessId: c, clientUid: '', clientServerId: 0, clientPid: 0, clientIp: '', clientPort: 0, clientStartTime: 0, clientDuration, clientStatus: 'Closed',
  serverProcessId: s, serverUid: '', serverServerId: 0, serverPid: 0, serverIp: '', serverPort: 0, serverStartTime: 0, serverDuration, serverStatus: 'Closed', timing,
});

// The demo's shape: External -> nginx on web-01 (94 ms) -> java on app-01 (88 ms, its clock offset
// unknown; nginx's side only a socket average) -> postgres (a 32 ms statement java logged, and a
// pooled socket nobody logged) and redis (nobody logged). Ids out of time order on purpose.
const T = 1_000;
const trace: TraceResponse = {
  request: { initialUid: '1_10_1', processes: 5, transactions: 5, transactionId: 1, duration: 0.094 },
  processes: [proc(0, '0_0_0', 'External', 'External'), proc(1, '1_10_1', 'web-01', 'nginx'), proc(2, '2_20_1', 'app-01', 'java'), proc(3, '3_30_1', 'db-01', 'postgres'), proc(4, '4_40_1', 'cache-01', 'redis')],
  transactions: [
    tx(1, 0, 1, 0, 0.094, logged(T, 0.094, { latencyGap: 'one-side' })),
    tx(2, 2, 3, 0.0058, 0.0055, untimed(0.0058)),
    tx(3, 2, 4, 0.0009, 0.0006, untimed(0.0009)),
    tx(4, 1, 2, 0.0603, 0.088, logged(T + 0.0015, 0.088, { clock: 'unknown' })),
    tx(5, 2, 3, 0.032, 0.0055, logged(T + 0.0045, 0.032, { measuredBy: 'client', clock: 'unknown', latencyGap: 'server-average' })),
  ],
};

describe('toWaterfall', () => {
  const w = toWaterfall(trace);

  it('puts one row per call, nested by time under the call into its caller, on one axis from the first start', () => {
    expect(w.rows.map((r) => [r.id, r.depth])).toEqual([[1, 0], [4, 1], [5, 2], [2, 2], [3, 2]]);
    expect(w.origin).toBe(T);
    expect(w.span).toBeCloseTo(0.094);
    const byId = new Map(w.rows.map((r) => [r.id, r]));
    expect(byId.get(1)).toMatchObject({ client: 'External', server: 'nginx (web-01)', offset: 0, duration: 0.094, isStart: true });
    expect(byId.get(4)!.offset).toBeCloseTo(0.0015);
    expect(byId.get(5)).toMatchObject({ client: 'java (app-01)', server: 'postgres (db-01)', duration: 0.032 });
    expect(byId.get(2)).toMatchObject({ offset: null, duration: null, average: 0.0058, isStart: false });
  });

  it('says why a latency or a placement is missing instead of showing 0', () => {
    const byId = new Map(w.rows.map((r) => [r.id, r]));
    expect(byId.get(4)!.details).toEqual([
      'starts at +1.5 ms, takes 88 ms (logged by java (app-01))',
      'clock offset of app-01 unknown: placed as its clock logged it',
      "latency not measurable: nginx (web-01) logged no message for this call, only its socket's average over the minute (60.3 ms)",
    ]);
    expect(byId.get(5)!.details[2]).toBe("latency not measurable: postgres (db-01) logged no message for this call, only its socket's average over the minute (5.5 ms)");
    expect(byId.get(2)!.details).toEqual(['average over its minute: 5.8 ms', 'not logged on either side: when it ran within its minute is unknown, and so is its latency']);
    expect(byId.get(1)!.details).toEqual(['starts at +0 s, takes 94 ms (logged by nginx (web-01))', 'latency not measurable: the other side is outside the fleet']);
    const measured = toWaterfall({ ...trace, transactions: [tx(1, 1, 2, 0.1, 0.08, logged(T, 0.08, { latency: 0.02, latencyGap: null }))] });
    expect(measured.rows[0]!.details).toContain('latency (client minus server duration): 20 ms');
  });

  it('says when a call ran outside the traced request', () => {
    const later = tx(6, 2, 3, 0.02, 0.005, logged(T + 0.2, 0.02, { measuredBy: 'client', latencyGap: 'server-average' }));
    const rows = toWaterfall({ ...trace, transactions: [...trace.transactions, later] }).rows;
    const row = rows.find((r) => r.id === 6)!;
    expect(row.depth).toBe(0);
    expect(row.details).toContain("outside the traced request's span: it may belong to another request");
    expect(rows.filter((r) => r.details.some((d) => d.startsWith('outside'))).map((r) => r.id)).toEqual([6]);
  });

  it('marks the slowest path', () => {
    expect(w.rows.filter((r) => r.slow).map((r) => r.id)).toEqual([1, 4, 5]);
  });

  it('has no bars and a minimal axis when nothing was logged', () => {
    const none = toWaterfall({ ...trace, transactions: [tx(2, 2, 3, 0.0058, 0.0055, untimed(0.0058))] });
    expect(none.rows).toHaveLength(1);
    expect(none.rows[0]!.offset).toBeNull();
    expect(none.span).toBe(0.001);
  });
});

describe('axis ticks', () => {
  it.each([
    [0.094, 0.02],
    [1, 0.2],
    [0.0012, 0.00025],
    [45, 10],
  ])('a span of %f s ticks every %f s', (span, step) => expect(tickStep(span)).toBeCloseTo(step, 9));

  it('labels ticks from 0 up to the span', () => {
    expect(axisTicks(0.094).map((t) => t.label)).toEqual(['0', '20 ms', '40 ms', '60 ms', '80 ms']);
    expect(axisTicks(0.1).map((t) => t.at)).toEqual([0, 0.02, 0.04, 0.06, 0.08, 0.1]);
  });
});
