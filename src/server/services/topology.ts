import { PAGE_LIMIT_MAX } from '../../shared/paging';
import { processMatches, templateById } from '../../shared/app-templates';
import { TOPOLOGY_DEFAULT_MINUTES, TOPOLOGY_MAX_MINUTES, type TopologyQuery, type TopologyResponse } from '../../shared/topology';
import type { ApplicationRecord } from '../store/repos/applications';
import type { ConnectionRow } from '../store/repos/traces';
import type { Store } from '../store/store';
import { invalid } from './errors';

const minute = (t: number) => Math.floor(t / 60) * 60;

/**
 * The minutes to read: start and end as a range; start and num from start onwards; otherwise num
 * minutes (default 60) back from end (default: the latest connection minute of the groups' servers).
 */
export function topologyWindow(q: TopologyQuery, latest: number | null): { from: number; to: number } | null {
  const span = (q.num ?? TOPOLOGY_DEFAULT_MINUTES) - 1;
  if (q.start !== undefined && q.end !== undefined) return q.start <= q.end ? { from: minute(q.start), to: minute(q.end) } : null;
  if (q.start !== undefined) return { from: minute(q.start), to: minute(q.start) + span * 60 };
  const end = q.end ?? latest;
  return end === null ? null : { from: minute(end) - span * 60, to: minute(end) };
}

async function allApplications(store: Store, accountId: number): Promise<ApplicationRecord[]> {
  const out: ApplicationRecord[] = [];
  for (let page = 0; ; page++) {
    const p = await store.applications.list(accountId, { limit: PAGE_LIMIT_MAX, page });
    out.push(...p.items);
    if (out.length >= p.total || p.items.length === 0) return out;
  }
}

const socketKey = (localIp: string, localPort: number, peerIp: string, peerPort: number) => `${localIp}:${localPort}>${peerIp}:${peerPort}`;
const uidOf = (c: ConnectionRow) => `${c.serverId}_${c.pid}_${c.createTime}`;
const end = (c: ConnectionRow) => ({ ip: c.localIp, port: c.localPort, server_id: c.serverId, pid: c.pid, uid: uidOf(c) });

/**
 * Application topology: nodes are process groups (applications); two groups are connected when a
 * client socket of a process of one pairs with a server socket of a process of the other (client
 * ip:port = server's peer and back) within the window. A process belongs to an application when it
 * runs on one of its servers and matches its template.
 */
export async function applicationTopology(store: Store, accountId: number, q: TopologyQuery): Promise<TopologyResponse> {
  if (q.start !== undefined && q.end !== undefined && q.end - q.start > TOPOLOGY_MAX_MINUTES * 60) {
    throw invalid(`start and end may be at most ${TOPOLOGY_MAX_MINUTES} minutes apart`, 'end');
  }
  let groups = await allApplications(store, accountId);
  if (q.process_groups) {
    const wanted = new Set(q.process_groups);
    const missing = [...wanted].filter((id) => !groups.some((g) => g.id === id));
    if (missing.length) throw invalid(`process_groups: no process group with id ${missing.join(', ')}`, 'process_groups');
    groups = groups.filter((g) => wanted.has(g.id));
  }
  const nodes = groups.map((g) => ({ name: g.name, id: g.id }));
  if (groups.length === 0) return { connections: [], nodes };
  const relative = q.start === undefined && q.end === undefined;
  // Without start or end the window ends at the latest minute of the groups' own servers, not of the
  // whole account, and when that window pairs nothing it steps back to the latest minute before it
  // (a few times at most). Right after start-up a collector streaming "now" (the local host, perhaps in
  // a group) sits an hour or more past the demo fleet still filling in its last day; the newest hour
  // then holds no pairs and the topology answered no connections until the backfill caught up.
  const serverIds = [...new Set(groups.flatMap((g) => g.servers))];
  let latest = relative ? await store.traces.latestConnectionMinute(accountId, { serverIds }) : null;
  for (let step = 0; ; step++) {
    const w = topologyWindow(q, latest);
    if (!w) return { connections: [], nodes };
    const connections = await connectionsIn(store, accountId, groups, w);
    if (connections.length || !relative || step >= DEFAULT_WINDOW_STEPS) return { connections, nodes };
    latest = await store.traces.latestConnectionMinute(accountId, { serverIds, before: w.from });
    if (latest === null) return { connections, nodes };
  }
}

/** How many earlier windows a default (relative) topology tries when the newest pairs nothing. */
const DEFAULT_WINDOW_STEPS = 3;

/** The connections between `groups` in the minutes of `w`. */
async function connectionsIn(store: Store, accountId: number, groups: ApplicationRecord[], w: { from: number; to: number }): Promise<TopologyResponse['connections']> {
  const rows = await store.traces.connections(accountId, w.from, w.to);
  const groupMemo = new Map<string, Promise<number | null>>();
  const groupOf = (c: ConnectionRow) => {
    const key = uidOf(c);
    let g = groupMemo.get(key);
    if (!g) {
      g = store.telemetry.process(accountId, c.serverId, c.pid, c.createTime).then((p) => {
        if (!p) return null;
        const app = groups.find((a) => {
          const template = templateById(a.template);
          return template !== undefined && a.servers.includes(c.serverId) && processMatches(template, p);
        });
        return app?.id ?? null;
      });
      groupMemo.set(key, g);
    }
    return g;
  };

  const servers = new Map<string, ConnectionRow>();
  for (const c of rows) if (c.role === 'server') servers.set(socketKey(c.localIp, c.localPort, c.peerIp, c.peerPort), c);
  const edges = new Map<string, { client_id: number; server_id: number; sockets: Map<string, { client: ReturnType<typeof end>; server: ReturnType<typeof end> }> }>();
  for (const c of rows) {
    if (c.role !== 'client') continue;
    const s = servers.get(socketKey(c.peerIp, c.peerPort, c.localIp, c.localPort));
    if (!s) continue;
    const [from, to] = await Promise.all([groupOf(c), groupOf(s)]);
    if (from === null || to === null || from === to) continue;
    const key = `${from}>${to}`;
    let e = edges.get(key);
    if (!e) edges.set(key, (e = { client_id: from, server_id: to, sockets: new Map() }));
    e.sockets.set(`${uidOf(c)}|${socketKey(c.localIp, c.localPort, c.peerIp, c.peerPort)}`, { client: end(c), server: end(s) });
  }
  return [...edges.values()]
    .sort((a, b) => a.client_id - b.client_id || a.server_id - b.server_id)
    .map((e) => ({ client_id: e.client_id, server_id: e.server_id, sockets: [...e.sockets.values()] }));
}
