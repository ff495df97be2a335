import { describe, expect, it } from 'vitest';
import type { TraceProcess, TraceResponse, TraceTransaction } from '../../../shared/transaction-data';
import { callTime, formatCallTime, formatSkew, serverSkews, slowestPath, traceToElements } from './to-elements';

const proc = (id: number, uid: string, serverId: number, name: string): TraceProcess => ({
  id, index: id, uid, serverNickName: '', serverHostName: serverId ? `host-${serverId}` : 'External', serverId, serverIp: '', pid: Number(uid.split('_')[1]), name,
  args: null, logId: null, logType: null, cpu: 0, memory: 0, avgResponseTime: 0, netTransactNum: 0, responseNum: 0, socketNum: 0, socketRead: 0,
  socketWrite: 0, fileNum: 0, fileRead: 0, fileWrite: 0, registryNum: 0, pageFaults: 0, threads: 0, flags: 0, time: 600,
});
/** A call whose server logged `serverDuration` (the caller's side a socket average), or, `logged` false, neither side. */
const tx = (id: number, c: number, s: number, clientDuration: number, serverDuration: number, logged = true): TraceTransaction => ({
  id, clientProcessId: c, clientUid: '', clientServerId: 0, clientPid: 0, clientIp: '', clientPort: 0, clientStartTime: 0, clientDuration, clientStatus: 'Closed',
  serverProcessId: s, serverUid: '', serverServerId: 0, serverPid: 0, serverIp: '', serverPort: 0, serverStartTime: 0, serverDuration, serverStatus: 'Closed',
  timing: logged
    ? { duration: serverDuration, measuredBy: 'server', average: null, start: 0, clock: 'known', latency: null, latencyGap: 'client-average' }
    : { duration: null, measuredBy: null, average: clientDuration, start: null, clock: null, latency: null, latencyGap: 'both-average' },
});

// External -> lb(1) -> web(2) -> app(3) -> db(4) twice and cache(5); app and db share server 2.
const trace: TraceResponse = {
  request: { initialUid: '1_10_1', processes: 6, transactions: 5 },
  processes: [proc(0, '0_0_0', 0, 'External'), proc(1, '1_10_1', 1, 'haproxy'), proc(2, '1_20_1', 1, 'nginx'), proc(3, '2_30_1', 2, 'java'), proc(4, '2_40_1', 2, 'postgres'), proc(5, '3_50_1', 3, 'redis')],
  transactions: [tx(1, 0, 1, 0.09, 0.08), tx(2, 1, 2, 0.4, 0.0123), tx(3, 2, 3, 0.06, 0.05), tx(4, 3, 4, 0.004, 0.003), tx(5, 3, 4, 0.02, 0.01), tx(6, 3, 5, 0.0058, 0.0005, false)],
};

describe('trace elements', () => {
  it('groups processes by server, keeps External apart and labels edges with the call time, never a socket average as one', () => {
    const els = traceToElements(trace);
    const servers = els.filter((e) => e.classes?.includes('server')).map((e) => e.data.id);
    expect(servers.sort()).toEqual(['s1', 's2', 's3']);
    const ext = els.find((e) => e.data.id === 'p0')!;
    expect(ext.data.parent).toBeUndefined();
    expect(ext.classes).toContain('external');
    expect(els.find((e) => e.data.id === 'p4')!.data.parent).toBe('s2');
    expect(els.find((e) => e.data.id === 't2')!.data).toMatchObject({ source: 'p1', target: 'p2', label: '12.3 ms' });
    expect(els.find((e) => e.data.id === 't3')!.data.label).toBe('50 ms');
    expect(els.find((e) => e.data.id === 't6')!.data.label).toBe('avg 5.8 ms');
    expect(els.filter((e) => e.group === 'edges')).toHaveLength(6);
  });

  it('compounds come before their children (Cytoscape needs parents first)', () => {
    const els = traceToElements(trace);
    const firstProcess = els.findIndex((e) => e.data.id?.startsWith('p'));
    const lastServer = els.map((e) => e.data.id?.startsWith('s')).lastIndexOf(true);
    expect(lastServer).toBeLessThan(firstProcess);
  });

  it('highlights the slowest path from the entry, following the longest call', () => {
    expect([...slowestPath(trace)].sort()).toEqual([1, 2, 3, 5]);
    const els = traceToElements(trace);
    expect(els.find((e) => e.data.id === 't5')!.classes).toBe('slow');
    expect(els.find((e) => e.data.id === 't4')!.classes).toBe('');
    expect(els.find((e) => e.data.id === 'p5')!.classes).not.toContain('slow');
    expect(els.find((e) => e.data.id === 'p1')!.classes).toContain('initial');
  });

  it('stops on cycles and skips transactions to unknown processes', () => {
    const loop: TraceResponse = { ...trace, transactions: [tx(1, 1, 2, 0.5, 0.4), tx(2, 2, 1, 0.3, 0.2), tx(3, 2, 99, 0.1, 0.1)] };
    expect([...slowestPath(loop)]).toEqual([1, 2]);
    expect(traceToElements(loop).filter((e) => e.group === 'edges')).toHaveLength(2);
  });

});

describe('call time and skew', () => {
  it('times a call by its logged duration, else by the average, said so', () => {
    expect(callTime(tx(9, 1, 2, 0.408, 0.088))).toEqual({ seconds: 0.088, average: false });
    expect(callTime(tx(9, 1, 2, 0.0058, 0.0055, false))).toEqual({ seconds: 0.0058, average: true });
    expect(formatCallTime(tx(9, 1, 2, 0.408, 0.088))).toBe('88 ms');
  });
  it('lists each server once with its skew', () => {
    const t = { ...trace, processes: trace.processes.map((p) => ({ ...p, clockSkew: p.serverId === 2 ? 2 : p.serverId === 1 ? 0 : null })) };
    expect(serverSkews(t)).toEqual([
      { serverId: 1, name: 'host-1', skew: 0 },
      { serverId: 2, name: 'host-2', skew: 2 },
      { serverId: 3, name: 'host-3', skew: null },
    ]);
    expect([2, -0.0375, 0, null].map(formatSkew)).toEqual(['2.00 s ahead', '37.5 ms behind', 'in step', 'unknown (no logged pair)']);
  });
});
