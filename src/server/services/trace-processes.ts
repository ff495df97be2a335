import { EXTERNAL_UID, type TraceProcess } from '../../shared/transaction-data';
import type { ProcessMinute } from '../store/repos/telemetry';
import type { Hop } from '../store/repos/traces';
import type { Store } from '../store/store';

/** A process taking part in a trace, as the assembly found it. */
export interface TraceNode {
  serverId: number;
  pid: number;
  createTime: number | null;
  /** The minute it was seen in the trace; its metrics are that minute's sample. */
  minute: number;
  logId: number | null;
  logType: 'url' | 'sql' | null;
}

const ZERO = {
  cpu: 0, memory: 0, avgResponseTime: 0, netTransactNum: 0, responseNum: 0, socketNum: 0, socketRead: 0, socketWrite: 0,
  fileNum: 0, fileRead: 0, fileWrite: 0, registryNum: 0, pageFaults: 0, threads: 0, flags: 0,
};

/** The entry standing for the outside world: uid 0_0_0, server External, zero values. */
export function externalProcess(time: number): TraceProcess {
  return {
    id: 0, index: 0, uid: EXTERNAL_UID, serverNickName: 'External', serverHostName: 'External', serverId: 0, serverIp: '',
    pid: 0, name: 'External', args: null, logId: null, logType: null, ...ZERO, time,
  };
}

function metrics(p: ProcessMinute | undefined, transactions: number) {
  const s = p?.sample ?? {};
  return {
    cpu: s.cpu ?? 0,
    memory: s.memory ?? 0,
    avgResponseTime: s.avg_response_time ?? 0,
    netTransactNum: transactions,
    responseNum: s.response_num ?? 0,
    socketNum: s.socket_num ?? 0,
    socketRead: s.socket_read ?? 0,
    socketWrite: s.socket_write ?? 0,
    fileNum: s.file_num ?? 0,
    fileRead: s.file_read ?? 0,
    fileWrite: s.file_write ?? 0,
    registryNum: s.registry_num ?? 0,
    pageFaults: s.page_faults ?? 0,
    threads: s.thread_num ?? 0,
    flags: s.flags ?? 0,
  };
}

/**
 * The trace's process list: External first, then each node with its server, identity (name, args and
 * create time from the process samples of its minute) and that minute's metrics.
 */
export async function toTraceProcesses(
  store: Store,
  accountId: number,
  nodes: TraceNode[],
  links: { client: TraceNode | null; server: TraceNode | null; clientHop: Hop | null }[],
): Promise<TraceProcess[]> {
  const servers = new Map((await store.traces.servers(accountId, [...new Set(nodes.map((n) => n.serverId))])).map((s) => [s.id, s]));
  const samples = new Map<string, ProcessMinute[]>();
  for (const n of nodes) {
    const key = `${n.serverId}@${n.minute}`;
    if (samples.has(key)) continue;
    const minutes = await store.telemetry.processMinuteSamples(accountId, n.serverId, n.minute, n.minute);
    samples.set(key, minutes.flatMap((m) => m.processes));
  }
  const first = links[0]?.clientHop?.minute ?? nodes[0]?.minute ?? 0;
  return [
    externalProcess(first),
    ...nodes.map((n, i): TraceProcess => {
      const candidates = (samples.get(`${n.serverId}@${n.minute}`) ?? []).filter((p) => p.pid === n.pid);
      const p = candidates.find((c) => c.create_time === n.createTime) ?? candidates[0];
      const createTime = n.createTime ?? p?.create_time ?? 0;
      const server = servers.get(n.serverId);
      const transactions = links.filter((l) => l.client === n || l.server === n).length;
      return {
        id: i + 1,
        index: i + 1,
        uid: `${n.serverId}_${n.pid}_${createTime}`,
        serverNickName: server?.nickname || server?.hostname || '',
        serverHostName: server?.hostname ?? '',
        serverId: n.serverId,
        serverIp: server?.ip ?? '',
        pid: n.pid,
        name: p?.name ?? '',
        args: p?.args ?? null,
        logId: n.logId,
        logType: n.logType ?? 'none',
        ...metrics(p, transactions),
        time: n.minute,
      };
    }),
  ];
}
