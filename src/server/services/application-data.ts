import { processMatches, templateById } from '../../shared/app-templates';
import { APPLICATION_DATA_FIELDS, type ApplicationDataRecord } from '../../shared/applications';
import type { ProcessItem, ProcessSummaryRecord } from '../../shared/telemetry';
import { TIME_STEPS, resolveWindow, type SeriesWindow, type TimeSeriesParams } from '../../shared/timeseries';
import type { ApplicationRecord } from '../store/repos/applications';
import type { ProcessSocketRow } from '../store/repos/traces';
import type { Store } from '../store/store';
import { serverProcesses } from './applications';

/** The application's processes among a list: those its template claims. */
function ofApp<P extends { name: string; args: string | null }>(app: ApplicationRecord, procs: P[]): P[] {
  const t = templateById(app.template);
  return t ? procs.filter((p) => processMatches(t, p)) : [];
}

/** The newest point time of the step over the application's servers, or null. */
async function latestOf(store: Store, accountId: number, app: ApplicationRecord, step: number): Promise<number | null> {
  let latest: number | null = null;
  for (const s of app.servers) {
    const t = await store.telemetry.latestTime(accountId, s, step);
    if (t !== null && (latest === null || t > latest)) latest = t;
  }
  return latest;
}

/**
 * Every summary record of the server's processes in the window, in one read: a store reads and decodes
 * the whole window for each page it answers, so paging through a week of minutes (80 pages of 2,500)
 * read it 80 times and took 13 s.
 */
async function allSummaries(store: Store, accountId: number, serverId: number, w: SeriesWindow): Promise<ProcessSummaryRecord[]> {
  return (await store.telemetry.processSummary(accountId, serverId, w, { limit: Number.MAX_SAFE_INTEGER, page: 0 })).items;
}

/** The application's process summary records of the T window, newest step first, then by uid. */
export async function applicationProcessSummary(store: Store, accountId: number, app: ApplicationRecord, q: TimeSeriesParams) {
  const w = resolveWindow(q, await latestOf(store, accountId, app, TIME_STEPS[q.time_step]));
  const out: { serverId: number; rec: ProcessSummaryRecord }[] = [];
  if (w) for (const s of app.servers) for (const rec of ofApp(app, await allSummaries(store, accountId, s, w))) out.push({ serverId: s, rec });
  out.sort((a, b) => b.rec.time - a.rec.time || (a.rec.uid < b.rec.uid ? -1 : a.rec.uid > b.rec.uid ? 1 : 0));
  return out;
}

/**
 * Application data records: per time step, the sum of its processes' values over its servers.
 * process_num counts those processes, cpu_core_count adds the cores of the servers they ran on,
 * and net_transact_num is the sum of their responses (the only transaction count the collector gives).
 */
export async function applicationSeries(store: Store, accountId: number, app: ApplicationRecord, q: TimeSeriesParams): Promise<ApplicationDataRecord[]> {
  const rows = await applicationProcessSummary(store, accountId, app, q);
  const cores = new Map<number, number>();
  for (const s of app.servers) cores.set(s, (await store.servers.get(accountId, s))?.capacity_cpu_num ?? 0);
  const byTime = new Map<number, { rec: ApplicationDataRecord; servers: Set<number> }>();
  for (const { serverId, rec } of rows) {
    let slot = byTime.get(rec.time);
    if (!slot) byTime.set(rec.time, (slot = { rec: { time: rec.time, process_num: 0 }, servers: new Set() }));
    slot.servers.add(serverId);
    slot.rec.process_num! += 1;
    for (const f of APPLICATION_DATA_FIELDS) {
      const v = rec[f];
      if (v !== undefined) slot.rec[f] = (slot.rec[f] ?? 0) + v;
    }
  }
  return [...byTime.values()]
    .sort((a, b) => b.rec.time - a.rec.time)
    .map(({ rec, servers }) => ({
      ...rec,
      cpu_core_count: [...servers].reduce((n, s) => n + (cores.get(s) ?? 0), 0),
      ...(rec.response_num !== undefined ? { net_transact_num: rec.response_num } : {}),
    }));
}

/** The application's processes now (no range) or running within the range, ordered by server then pid. */
export async function applicationProcesses(store: Store, accountId: number, app: ApplicationRecord, range: { start: number; end: number } | null): Promise<ProcessItem[]> {
  const out: ProcessItem[] = [];
  for (const s of app.servers) out.push(...ofApp(app, await serverProcesses(store, accountId, s, range)));
  return out;
}

/** The newest minute with data over the application's servers, or null. */
export const applicationLatestMinute = (store: Store, accountId: number, app: ApplicationRecord) => latestOf(store, accountId, app, 60);

/** A socket of the application detail: the spec's string fields (the collector sees TCP only). */
export type ApplicationSocket = Record<string, string | string[]>;

const toSocket = (p: ProcessItem, r: ProcessSocketRow): ApplicationSocket => ({
  Status: r.state,
  PeerIP: r.peerIp,
  PeerPort: String(r.peerPort),
  SockIP: r.localIp,
  SockPort: String(r.localPort),
  Socket: String(r.id),
  Type: 'TCP',
  TransSent: String(r.sent),
  TransRecv: String(r.recv),
  NumResponses: String(r.responses),
  TotalResponseTime: String(r.responseTimeUs),
  TransactTime: String(r.minute),
  TransAcceptTime: '',
  ThreadId: '',
  ProcName: [p.uid, p.name, p.args ?? ''],
});

/** Files, threads and sockets of the application's processes at a minute (default: each process's latest). */
export async function applicationDetail(store: Store, accountId: number, app: ApplicationRecord, time: number | undefined) {
  const minute = time === undefined ? undefined : Math.floor(time / 60) * 60;
  const procs = await applicationProcesses(store, accountId, app, minute === undefined ? null : { start: minute, end: minute });
  const files = new Set<string>();
  const threads: Record<string, string>[] = [];
  const sockets: ApplicationSocket[] = [];
  let found = false;
  for (const p of procs) {
    const [pid, createTime] = [Number(p.pid), Number(p.create_time)];
    const d = await store.telemetry.processDetail(accountId, p.server_id, pid, createTime, minute);
    const socks = await store.traces.processSockets(accountId, p.server_id, pid, createTime, minute);
    if (d || socks.length) found = true;
    for (const f of d?.files ?? []) files.add(f);
    threads.push(...(d?.threads ?? []));
    sockets.push(...socks.map((r) => toSocket(p, r)));
  }
  const data: { files?: string[]; threads?: Record<string, string>[]; sockets?: ApplicationSocket[] } = {};
  if (files.size) data.files = [...files];
  if (threads.length) data.threads = threads;
  if (sockets.length) data.sockets = sockets;
  return { found, data };
}
