import { parseUid } from '../../shared/telemetry';
import { EXTERNAL_UID, type TraceQuery, type TraceResponse, type TraceTransaction } from '../../shared/transaction-data';
import type { Hop } from '../store/repos/traces';
import type { Store } from '../store/store';
import { invalid, notFound } from './errors';
import { toTraceProcesses, type TraceNode } from './trace-processes';
import { edgeLatency, estimateSkews, offsetSample, requestWay, type Side } from './trace-skew';
import { bestCounterpart, enclosingRequest, minuteOf, nearestMessage, outgoing, pairInSpan, span } from './trace-hops';

/** Bounds of one trace, so a chatty fleet cannot make a request unbounded. */
export const TRACE_MAX_PROCESSES = 200;
export const TRACE_MAX_TRANSACTIONS = 1000;

const side = (h: Hop): Side => ({ start: h.start, duration: h.duration, exact: h.kind === 'message' });

interface Start {
  serverId: number;
  pid: number;
  createTime: number | null;
  time: number;
  hop: Hop | null;
}

/** The process of a uid on one of the account's live servers, or a 404 (as /processes/{uid}/data/ answers). */
export async function processOr404(store: Store, accountId: number, uid: string): Promise<{ serverId: number; pid: number; createTime: number }> {
  const p = parseUid(uid);
  const live = p !== null && (await store.traces.servers(accountId, [p.serverId])).length > 0;
  if (!p || !live || !(await store.telemetry.process(accountId, p.serverId, p.pid, p.createTime))) throw notFound('process');
  return p;
}

/** Picks the start mode from the parameters present (uid, then sid+pid, then ip+port). */
async function resolveStart(store: Store, accountId: number, q: TraceQuery): Promise<Start> {
  const m = minuteOf(q.time);
  const serverOr404 = async (id: number) => {
    if ((await store.traces.servers(accountId, [id])).length === 0) throw notFound('server');
  };
  if (q.uid !== undefined) {
    const { serverId, pid, createTime } = await processOr404(store, accountId, q.uid);
    return { serverId, pid, createTime, time: q.time, hop: null };
  }
  if (q.sid !== undefined || q.pid !== undefined) {
    if (q.sid === undefined) throw invalid('sid is required with pid (URL start)', 'sid');
    if (q.pid === undefined) throw invalid('pid is required with sid (URL start)', 'pid');
    await serverOr404(q.sid);
    const hop = nearestMessage(await store.traces.processHops(accountId, q.sid, q.pid, m - 60, m + 60), q.time, 'url');
    if (!hop) throw notFound('URL transaction of that process at that time');
    return { serverId: q.sid, pid: q.pid, createTime: null, time: hop.start, hop };
  }
  if (q.ip !== undefined || q.port !== undefined) {
    if (q.ip === undefined) throw invalid('ip is required with port (SQL start)', 'ip');
    if (q.port === undefined) throw invalid('port is required with ip (SQL start)', 'port');
    const hop = nearestMessage(await store.traces.peerHops(accountId, q.ip, q.port, m - 60, m + 60), q.time, 'sql');
    if (!hop) throw notFound('SQL transaction to that address at that time');
    await serverOr404(hop.serverId);
    return { serverId: hop.serverId, pid: hop.pid, createTime: null, time: hop.start, hop };
  }
  throw invalid('give sid and pid (URL start), ip and port (SQL start) or uid (Process start)', 'uid');
}

/**
 * Assembles a trace: from the start process, its incoming request (paired with the client process
 * that sent it, or the outside world), then recursively every call it made within that request's
 * span, each paired with the server process whose socket is the call's peer, on any of the account's
 * servers. Pairing is by socket (client ip:port = server's peer, and back) and time.
 */
export async function assembleTrace(store: Store, accountId: number, q: TraceQuery): Promise<TraceResponse> {
  const start = await resolveStart(store, accountId, q);
  const nodes = new Map<string, TraceNode>();
  const links: { client: TraceNode | null; clientHop: Hop | null; server: TraceNode | null; serverHop: Hop | null }[] = [];
  const hopsMemo = new Map<string, Promise<Hop[]>>();

  const hopsOf = (serverId: number, pid: number, from: number, to: number) => {
    const key = `${serverId}_${pid}_${from}_${to}`;
    let p = hopsMemo.get(key);
    if (!p) hopsMemo.set(key, (p = store.traces.processHops(accountId, serverId, pid, from, to)));
    return p;
  };
  // A deleted server's processes take no part in traces: its side of a call reads as the outside world.
  const liveMemo = new Map<number, Promise<boolean>>();
  const live = (serverId: number) => {
    let p = liveMemo.get(serverId);
    if (!p) liveMemo.set(serverId, (p = store.traces.servers(accountId, [serverId]).then((s) => s.length > 0)));
    return p;
  };
  const candidates = async (h: Hop) => {
    const hops = await store.traces.localHops(accountId, h.peerIp, h.peerPort, h.minute - 60, h.minute + 60);
    const alive = await Promise.all(hops.map((c) => live(c.serverId)));
    return hops.filter((_, i) => alive[i]);
  };
  /** The other side of a call: within a request of known span, only what belongs to that request. */
  const counterpart = async (h: Hop, precise: boolean, w: [number, number]): Promise<{ hop: Hop; leaf: boolean } | null> => {
    if (precise && h.kind === 'connection') return pairInSpan(h, await candidates(h), w);
    const c = bestCounterpart(h, await candidates(h), w);
    return c ? { hop: c, leaf: false } : null;
  };
  const nodeOf = (h: { serverId: number; pid: number; createTime: number | null }, minute: number): TraceNode => {
    const key = `${h.serverId}_${h.pid}`;
    let n = nodes.get(key);
    if (!n) {
      n = { serverId: h.serverId, pid: h.pid, createTime: h.createTime, minute, logId: null, logType: null };
      nodes.set(key, n);
    }
    return n;
  };
  const noteHop = (n: TraceNode, h: Hop) => {
    if (n.createTime === null && h.createTime !== null) n.createTime = h.createTime;
    if (n.logId === null && h.logId !== null) Object.assign(n, { logId: h.logId, logType: h.logType });
  };

  const origin = nodeOf(start, minuteOf(start.time));
  const m = minuteOf(start.time);
  const startHops = await hopsOf(start.serverId, start.pid, m - 60, m + 60);
  const request = start.hop?.role === 'server' ? start.hop : enclosingRequest(startHops, start.time);
  let window: [number, number] = request ? span(request) : [m, m + 59.999];
  const incoming = request ? [request] : startHops.filter((h) => h.kind === 'connection' && h.role === 'server' && h.minute === m);
  if (!request && start.hop) window = [Math.min(m, start.hop.start), Math.max(m + 59.999, span(start.hop)[1])];

  for (const h of incoming) {
    noteHop(origin, h);
    const c = (await counterpart(h, false, span(h)))?.hop ?? null;
    const client = c ? nodeOf(c, c.minute) : null;
    if (client && c) noteHop(client, c);
    links.push({ client, clientHop: c, server: origin, serverHop: h });
  }

  // precise: the window is the exact span of a logged request, not a whole minute.
  const queue: { node: TraceNode; window: [number, number]; precise: boolean }[] = [{ node: origin, window, precise: request !== null }];
  const expanded = new Set<string>();
  while (queue.length && links.length < TRACE_MAX_TRANSACTIONS) {
    const { node, window: w, precise } = queue.shift()!;
    const visitKey = `${node.serverId}_${node.pid}@${w[0]}`;
    if (expanded.has(visitKey)) continue;
    expanded.add(visitKey);
    const hops = await hopsOf(node.serverId, node.pid, minuteOf(w[0]), minuteOf(w[1]));
    for (const h of outgoing(hops, w)) {
      if (links.length >= TRACE_MAX_TRANSACTIONS) break;
      noteHop(node, h);
      const pair = await counterpart(h, precise, w);
      if (precise && h.kind === 'connection' && !pair) continue;
      const s = pair?.hop ?? null;
      let server: TraceNode | null = null;
      if (s && (nodes.size < TRACE_MAX_PROCESSES || nodes.has(`${s.serverId}_${s.pid}`))) {
        server = nodeOf(s, s.minute);
        noteHop(server, s);
        // The server's share of the call: its own message if it logged one, else the caller's message.
        const exact = s.kind === 'message' ? s : h.kind === 'message' ? h : null;
        if (!pair!.leaf) queue.push({ node: server, window: span(exact ?? s), precise: exact !== null });
      }
      links.push({ client: node, clientHop: h, server, serverHop: server ? s : null });
    }
  }

  const ordered = [...nodes.values()];
  const ids = new Map(ordered.map((n, i) => [n, i + 1]));
  const skews = estimateSkews(
    links.flatMap((l) => (l.client && l.server && l.clientHop?.kind === 'message' && l.serverHop?.kind === 'message' ? [{ client: l.client.serverId, server: l.server.serverId, offset: offsetSample(side(l.clientHop), side(l.serverHop)) }] : [])),
    origin.serverId,
  );
  const processes = (await toTraceProcesses(store, accountId, ordered, links)).map((p) => (p.uid === EXTERNAL_UID ? p : { ...p, clockSkew: skews.get(p.serverId) ?? null }));
  const uidOf = (n: TraceNode | null) => (n ? processes[ids.get(n)!]!.uid : EXTERNAL_UID);
  const transactions: TraceTransaction[] = links.map((l, i) => {
    // The outside world has no hop of its own: it mirrors the other side's socket and times.
    const known = (l.clientHop ?? l.serverHop)!;
    const ch = l.clientHop;
    const sh = l.serverHop;
    const t: TraceTransaction = {
      id: i + 1,
      clientProcessId: l.client ? ids.get(l.client)! : 0,
      clientUid: uidOf(l.client),
      clientServerId: l.client?.serverId ?? 0,
      clientPid: l.client?.pid ?? 0,
      clientIp: ch ? ch.localIp : known.peerIp,
      clientPort: ch ? ch.localPort : known.peerPort,
      clientStartTime: (ch ?? known).start,
      clientDuration: ch ? ch.duration : 0,
      clientStatus: ch?.open ? 'Open' : 'Closed',
      serverProcessId: l.server ? ids.get(l.server)! : 0,
      serverUid: uidOf(l.server),
      serverServerId: l.server?.serverId ?? 0,
      serverPid: l.server?.pid ?? 0,
      serverIp: sh ? sh.localIp : known.peerIp,
      serverPort: sh ? sh.localPort : known.peerPort,
      serverStartTime: (sh ?? known).start,
      serverDuration: sh ? sh.duration : 0,
      serverStatus: sh?.open ? 'Open' : 'Closed',
    };
    if (ch && sh) {
      t.latency = edgeLatency(side(ch), side(sh));
      const way = requestWay(side(ch), side(sh), skews.get(t.clientServerId), skews.get(t.serverServerId));
      if (way !== undefined) t.requestLatency = way;
    }
    return t;
  });
  return {
    request: { initialUid: processes[ids.get(origin)!]!.uid, processes: processes.length, transactions: transactions.length },
    processes,
    transactions,
  };
}
