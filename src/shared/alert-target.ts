import { parseProcessTarget } from './alert-inputs';

/** The account's resources that say where an alert's target lives (each as the API lists it). */
export interface TargetResources {
  tags: readonly { id: number; servers: readonly number[] }[];
  logs: readonly { id: number; server_id: number }[];
  polled: readonly { id: number; server_id: number }[];
  applications: readonly { id: number; servers: readonly number[] }[];
}

/** TargetResources indexed by id, built once per render and shared by every alert looked up. */
export interface TargetIndex {
  tags: ReadonlyMap<number, readonly number[]>;
  logs: ReadonlyMap<number, number>;
  polled: ReadonlyMap<number, number>;
  applications: ReadonlyMap<number, readonly number[]>;
}

/** What is read of an alert: its type and target id as answered (Process ids are text, others integers). */
export interface AlertTargetRef {
  type: string;
  target_id: string | number | null | undefined;
}

/** Indexes the resources by id. */
export function indexTargets(r: TargetResources): TargetIndex {
  return {
    tags: new Map(r.tags.map((t) => [t.id, t.servers])),
    logs: new Map(r.logs.map((l) => [l.id, l.server_id])),
    polled: new Map(r.polled.map((p) => [p.id, p.server_id])),
    applications: new Map(r.applications.map((a) => [a.id, a.servers])),
  };
}

/**
 * A Process target as its parts. The spec's form is `<server_id>,<pid>,<creation_time>,<name>`; a
 * bare uid `<server_id>_<pid>_<creation_time>` (the process path's form) is read as well.
 */
export function processOfTarget(targetId: string | number | null | undefined): { serverId: number; uid: string; name: string } | null {
  if (targetId === null || targetId === undefined) return null;
  const text = String(targetId);
  const p = parseProcessTarget(text);
  if (p) return { serverId: p.serverId, uid: `${p.serverId}_${p.pid}_${p.creationTime}`, name: p.name };
  const m = /^(\d{1,15})_(\d{1,15})_(\d{1,15})$/.exec(text.trim());
  return m && Number(m[1]) > 0 ? { serverId: Number(m[1]), uid: `${m[1]}_${m[2]}_${m[3]}`, name: '' } : null;
}

const intId = (v: string | number): number | null => {
  const n = typeof v === 'number' ? v : /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The servers an alert's target lies on, for every alert type of the spec: a Server alert its server,
 * a Process alert the server its target names, a Server Tag alert the tag's servers, Log and Polled
 * Data alerts the server of their log or check, an Application alert the servers of the application.
 * A target that no longer exists (or is malformed) lies on no server.
 */
export function serversOfAlert(a: AlertTargetRef, idx: TargetIndex): number[] {
  if (a.target_id === null || a.target_id === undefined) return [];
  if (a.type === 'Process') {
    const p = processOfTarget(a.target_id);
    return p ? [p.serverId] : [];
  }
  const id = intId(a.target_id);
  if (id === null) return [];
  const one = (s: number | undefined) => (s === undefined ? [] : [s]);
  switch (a.type) {
    case 'Server':
      return [id];
    case 'Server Tag':
      return [...new Set(idx.tags.get(id) ?? [])];
    case 'Log':
      return one(idx.logs.get(id));
    case 'Polled Data':
      return one(idx.polled.get(id));
    case 'Application':
      return [...new Set(idx.applications.get(id) ?? [])];
    default:
      return [];
  }
}

/** For each server, how many of the alerts lie on it (an alert on a tag counts once for each server). */
export function countByServer(alerts: readonly AlertTargetRef[], idx: TargetIndex): Map<number, number> {
  const out = new Map<number, number>();
  for (const a of alerts) for (const s of serversOfAlert(a, idx)) out.set(s, (out.get(s) ?? 0) + 1);
  return out;
}
