import { describe, expect, it } from 'vitest';
import type { TraceProcess, TraceResponse, TraceTransaction } from '../../../shared/transaction-data';
import { diffTraces, isChange } from './trace-diff';

const proc = (id: number, uid: string, serverId: number, name: string): TraceProcess => ({
  id, index: id, uid, serverNickName: '', serverHostName: serverId ? `host-${serverId}` : 'External', serverId, serverIp: '', pid: Number(uid.split('_')[1]), name,
  args: null, logId: null, logType: null, cpu: 0, memory: 0, avgResponseTime: 0, netTransactNum: 0, responseNum: 0, socketNum: 0, socketRead: 0,
  socketWrite: 0, fileNum: 0, fileRead: 0, fileWrite: 0, registryNum: 0, pageFaults: 0, threads: 0, flags: 0, time: 600,
});
/** A call its server logged as taking `time` seconds (the caller's side a socket average of `average`). */
const tx = (id: number, c: number, s: number, average: number, time: number): TraceTransaction => ({
  id, clientProcessId: c, clientUid: '', clientServerId: 0, clientPid: 0, clientIp: '', clientPort: 0, clientStartTime: 0, clientDuration: average, clientStatus: 'Closed',
  serverProcessId: s, serverUid: '', serverServerId: 0, serverPid: 0, serverIp: '', serverPort: 0, serverStartTime: 0, serverDuration: time, serverStatus: 'Closed',
  timing: { duration: time, measuredBy: 'server', average: null, start: 0, clock: 'known', latency: null, latencyGap: 'client-average' },
});

// External -> nginx (server 1) -> java (server 2) -> postgres (server 2); b is the same request later:
// other pids and ids, postgres much slower, a new call to redis, and the nginx edge a hair slower.
const a: TraceResponse = {
  request: { initialUid: '1_10_1', processes: 4, transactions: 3 },
  processes: [proc(0, '0_0_0', 0, 'External'), proc(1, '1_10_1', 1, 'nginx'), proc(2, '2_20_1', 2, 'java'), proc(3, '2_30_1', 2, 'postgres')],
  transactions: [tx(1, 0, 1, 0.1, 0.01), tx(2, 1, 2, 0.08, 0.005), tx(3, 2, 3, 0.02, 0.002), tx(4, 2, 3, 0.02, 0.002)],
};
const b: TraceResponse = {
  request: { initialUid: '1_11_9', processes: 5, transactions: 4 },
  processes: [proc(10, '0_0_0', 0, 'External'), proc(11, '1_11_9', 1, 'nginx'), proc(12, '2_21_9', 2, 'java'), proc(13, '2_31_9', 2, 'postgres'), proc(14, '3_41_9', 3, 'redis')],
  transactions: [tx(21, 10, 11, 0.3, 0.0105), tx(22, 11, 12, 0.28, 0.005), tx(23, 12, 13, 0.2, 0.05), tx(24, 12, 14, 0.003, 0.001)],
};

describe('trace diff', () => {
  it('matches edges by program and server across traces and puts the changes first, largest first', () => {
    const d = diffTraces(a, b);
    expect(d.edges.map((e) => [e.from, e.to, e.changed])).toEqual([
      ['java on host-2', 'postgres on host-2', true],
      ['java on host-2', 'redis on host-3', true],
      ['External', 'nginx on host-1', false],
      ['nginx on host-1', 'java on host-2', false],
    ]);
    const pg = d.edges[0]!;
    // Call times (the logged durations), not the callers' socket averages.
    expect(pg.a).toEqual({ calls: 2, time: 0.004 });
    expect(pg.b).toEqual({ calls: 1, time: 0.05 });
    expect(pg.delta).toBeCloseTo(0.046);
    expect(d.edges[1]!.a).toBeNull();
    expect(d.edges[1]!.delta).toBeNull();
  });

  it('marks the transactions of changed edges and the slowest path of each trace', () => {
    const d = diffTraces(a, b);
    expect([...d.changedA].sort()).toEqual([3, 4]);
    expect([...d.changedB].sort()).toEqual([23, 24]);
    const pg = d.edges[0]!;
    expect([pg.slowA, pg.slowB]).toEqual([true, true]);
    expect(d.edges[1]!.slowB).toBe(false);
  });

  it('finds no change between a trace and itself, and an edge gone from b', () => {
    expect(diffTraces(a, a).edges.every((e) => !e.changed && e.delta === 0)).toBe(true);
    const gone = diffTraces(b, a).edges.find((e) => e.to === 'redis on host-3')!;
    expect([gone.changed, gone.b]).toEqual([true, null]);
  });

  it.each([
    [0.01, 0.0105, false], // 5%: noise
    [0.0001, 0.0009, false], // under a millisecond
    [0.01, 0.02, true],
    [0, 0.002, true],
  ])('a change from %f s to %f s counts: %s', (x, y, yes) => expect(isChange(x, y)).toBe(yes));
});
