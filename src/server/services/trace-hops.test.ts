import { describe, expect, it } from 'vitest';
import type { Hop } from '../store/repos/traces';
import { bestCounterpart, enclosingRequest, outgoing, pairInSpan } from './trace-hops';

let id = 0;
function hop(over: Partial<Hop>): Hop {
  return {
    kind: 'message', id: ++id, serverId: 1, pid: 1, createTime: null, role: 'client', localIp: '10.0.0.1', localPort: 40000,
    peerIp: '10.0.0.2', peerPort: 80, start: 1000, duration: 1, open: false, logId: null, logType: null, minute: 960, ...over,
  };
}
const serverSide = (over: Partial<Hop>) =>
  hop({ role: 'server', serverId: 2, localIp: '10.0.0.2', localPort: 80, peerIp: '10.0.0.1', peerPort: 40000, ...over });

describe('pairing the two sides of a call', () => {
  it('pairs by both sockets and the nearest start, preferring messages', () => {
    const call = hop({ start: 1000.5 });
    const near = serverSide({ start: 1000.6 });
    const far = serverSide({ start: 1010 });
    const wrongPeer = serverSide({ start: 1000.5, peerPort: 40001 });
    const conn = serverSide({ kind: 'connection', start: 960 });
    expect(bestCounterpart(call, [far, wrongPeer, conn, near])).toBe(near);
    expect(bestCounterpart(call, [wrongPeer])).toBeNull();
    expect(bestCounterpart(hop({ kind: 'connection' }), [conn, far], [1009, 1011])).toBe(far);
  });

  it('keeps a minute-level call within a request only when the far side logged it within the span', () => {
    const call = hop({ kind: 'connection', start: 960 });
    expect(pairInSpan(call, [serverSide({ start: 1030 })], [1000, 1001])).toBeNull();
    const inside = serverSide({ start: 1000.2 });
    expect(pairInSpan(call, [serverSide({ start: 1030 }), inside], [1000, 1001])).toEqual({ hop: inside, leaf: false });
    const onlyConn = serverSide({ kind: 'connection', start: 960 });
    expect(pairInSpan(call, [onlyConn], [1000, 1001])).toEqual({ hop: onlyConn, leaf: true });
  });

  it('lists the calls of a window, a message hiding the connection of the same sockets', () => {
    const msg = hop({ start: 1000.1 });
    const sameConn = hop({ kind: 'connection', start: 960 });
    const otherConn = hop({ kind: 'connection', start: 960, localPort: 40005 });
    const late = hop({ start: 1005, localPort: 40006 });
    const served = serverSide({ serverId: 1, start: 1000 });
    expect(outgoing([late, otherConn, sameConn, served, msg], [1000, 1001])).toEqual([otherConn, msg]);
  });

  it('finds the request in progress at a time', () => {
    const a = serverSide({ start: 1000, duration: 5 });
    const b = serverSide({ start: 1002, duration: 1 });
    expect(enclosingRequest([a, b], 1002.5)).toBe(b);
    expect(enclosingRequest([a, b], 1004.5)).toBe(a);
    expect(enclosingRequest([a, b], 1010)).toBeNull();
  });
});
