import type { ChangesAnswer } from '../../shared/changes';
import type { ServerSample } from '../../shared/ingest';
import type { ProcessMinute } from '../store/repos/telemetry';
import type { Store } from '../store/store';
import { rankChanges, type Candidate } from './change-score';
import { notFoundAt } from './errors';

const DAY = 86_400;
const HOUR = 3_600;
/** Process fields ranked by "what changed" (the diff's four plus file I/O, network and sockets). */
export const CHANGE_PROCESS_FIELDS = ['cpu', 'memory', 'thread_num', 'file_num', 'socket_num', 'file_read', 'file_write', 'socket_read', 'socket_write'] as const;

/** A server record as named series: scalar fields by name, per-part maps as `field.part` (`disk_busy.sda`). */
export function serverSeries(sample: ServerSample): Map<string, number> {
  const out = new Map<string, number>();
  for (const [k, v] of Object.entries(sample)) {
    if (typeof v === 'number') out.set(k, v);
    else if (v && typeof v === 'object') for (const [part, x] of Object.entries(v)) if (typeof x === 'number') out.set(`${k}.${part}`, x);
  }
  return out;
}

/** A process's ranked fields as named series. */
function processSeries(p: ProcessMinute): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of CHANGE_PROCESS_FIELDS) {
    const v = p.sample[f];
    if (typeof v === 'number') out.set(f, v);
  }
  return out;
}

/** Series of several minutes, keyed by series id: each minute's value, by time. */
type Timeline = Map<string, Map<number, number>>;

function addMinute(into: Timeline, time: number, series: Map<string, number>, prefix = ''): void {
  for (const [k, v] of series) {
    const key = prefix + k;
    let t = into.get(key);
    if (!t) into.set(key, (t = new Map()));
    t.set(time, v);
  }
}

/** The candidates of the minute `time` from the timelines of its hour and of the same minute on earlier days. */
export function candidatesOf(time: number, hour: Timeline, week: Timeline, describe: (key: string) => Pick<Candidate, 'kind' | 'field' | 'uid' | 'name'>): Candidate[] {
  const out: Candidate[] = [];
  for (const [key, points] of hour) {
    const value = points.get(time);
    if (value === undefined) continue;
    const recent = [...points].sort((a, b) => a[0] - b[0]).map(([t, v]) => ({ time: t, value: v }));
    const before = recent.filter((p) => p.time < time).map((p) => p.value);
    out.push({ ...describe(key), value, hour: before, week: [...(week.get(key)?.values() ?? [])], recent });
  }
  return out;
}

/**
 * "What changed at this minute": the server's series and its processes' series ranked by how much of
 * the server's change they explain, each flagged unusual or not against its own baseline (see
 * change-score.ts). A minute without the server's record is a 404 naming `time`.
 */
export async function changesAt(store: Store, accountId: number, serverId: number, time: number, limit: number): Promise<ChangesAnswer> {
  const t = store.telemetry;
  const days = [1, 2, 3, 4, 5, 6, 7].map((d) => time - d * DAY);
  const [hourServer, hourProcs, ...weekly] = await Promise.all([
    t.serverMinuteSamples(accountId, serverId, time - HOUR, time),
    t.processMinuteSamples(accountId, serverId, time - HOUR, time),
    ...days.flatMap((d) => [t.serverMinuteSamples(accountId, serverId, d, d), t.processMinuteSamples(accountId, serverId, d, d)]),
  ]);
  if (!hourServer.some((s) => s.time === time)) throw notFoundAt('time', time);
  const names = new Map<string, string>();
  const hour: Timeline = new Map();
  const week: Timeline = new Map();
  for (const s of hourServer) addMinute(hour, s.time, serverSeries(s.sample), 's:');
  for (const m of hourProcs) {
    for (const p of m.processes) {
      addMinute(hour, m.time, processSeries(p), `p:${p.uid}:`);
      names.set(p.uid, p.name);
    }
  }
  for (const rows of weekly) {
    for (const r of rows) {
      if ('sample' in r) addMinute(week, r.time, serverSeries(r.sample), 's:');
      else for (const p of r.processes) addMinute(week, r.time, processSeries(p), `p:${p.uid}:`);
    }
  }
  const describe = (key: string): Pick<Candidate, 'kind' | 'field' | 'uid' | 'name'> => {
    if (key.startsWith('s:')) return { kind: 'server', field: key.slice(2) };
    const [, uid = '', field = ''] = key.split(':');
    return { kind: 'process', field, uid, name: names.get(uid) ?? uid };
  };
  return { time, items: rankChanges(candidatesOf(time, hour, week, describe), limit) };
}
