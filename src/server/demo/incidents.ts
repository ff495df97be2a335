import type { DemoServer, Fleet } from './fleet';
import { serversOfTier } from './fleet';
import { hash } from './prng';

/** The incidents the demo fleet replays, each on one server. */
export type IncidentKind = 'cpu_spike' | 'disk_fill' | 'crash_loop' | 'error_burst' | 'polled_check';
/** Every incident kind, in a fixed order (the order seeds their jitter). */
export const INCIDENT_KINDS: readonly IncidentKind[] = ['cpu_spike', 'disk_fill', 'crash_loop', 'error_burst', 'polled_check'];

interface Schedule {
  /** Seconds between occurrences, measured from the epoch, so they recur in any 7-day window. */
  period: number;
  offset: number;
  /** Each occurrence starts up to this many minutes late (deterministic per occurrence). */
  jitterMinutes: number;
  /** Length of an occurrence, seconds. */
  duration: number;
  /** Starts are aligned to this many seconds. */
  align: number;
}

const H = 3600;
const SCHEDULES: Record<IncidentKind, Schedule> = {
  cpu_spike: { period: 24 * H, offset: 13 * H + 40 * 60, jitterMinutes: 90, duration: 25 * 60, align: 60 },
  // A data disk fills over ten hours each day, then a cleanup job brings it back. Daily with little
  // jitter, so a single day of backfill still holds the fill's last hour above the default 90% alert.
  disk_fill: { period: 24 * H, offset: 6 * H, jitterMinutes: 45, duration: 10 * H, align: 60 },
  // Jitter well under the loop's length: the 24 h before any minute then always hold a restart of the
  // worker running at their start (or started in their first 10 minutes), so a last-day backfill sees the
  // instance its alert watches end (crash-loop.test.ts).
  crash_loop: { period: 24 * H, offset: 3 * H + 10 * 60, jitterMinutes: 25, duration: 40 * 60, align: 60 },
  error_burst: { period: 6 * H, offset: H + 20 * 60, jitterMinutes: 30, duration: 8 * 60, align: 60 },
  // 20 minutes WARNING then 20 minutes CRITICAL, on the 5-minute polling grid.
  polled_check: { period: 24 * H, offset: 10 * H + 30 * 60, jitterMinutes: 60, duration: 40 * 60, align: 300 },
};

/** Seconds between restarts of the crash-looping process. */
export const CRASH_EVERY = 180;

/** One occurrence of an incident. */
export interface Incident {
  kind: IncidentKind;
  hostname: string;
  serverIndex: number;
  /** First second of the incident (a minute), and the second after its end. */
  start: number;
  end: number;
}

/** The active occurrence at a minute, with how far into it we are (0 at start, 1 at end). */
export interface ActiveIncident extends Incident {
  progress: number;
}

/** The server each incident happens on, or undefined when the fleet is too small to have it. */
export function incidentTarget(fleet: Fleet, kind: IncidentKind): DemoServer | undefined {
  const nth = (tier: DemoServer['tier'], i: number, soft?: DemoServer['software']) => {
    const list = serversOfTier(fleet, tier);
    return (soft && list.find((s) => s.software === soft)) || list[i] || list[0];
  };
  switch (kind) {
    case 'cpu_spike': return nth('app', 1);
    case 'disk_fill': return nth('db', 1, 'mysql');
    case 'crash_loop': return nth('app', 0, 'node');
    case 'error_burst': return nth('web', 1);
    case 'polled_check': return nth('db', 0);
  }
}

function occurrence(seed: number, kind: IncidentKind, k: number): { start: number; end: number } {
  const s = SCHEDULES[kind];
  const jitter = (hash(seed, INCIDENT_KINDS.indexOf(kind), k, 5) % (s.jitterMinutes + 1)) * 60;
  const start = Math.floor((k * s.period + s.offset + jitter) / s.align) * s.align;
  return { start, end: start + s.duration };
}

/** The occurrence of `kind` active at `minute` on server `s`, if any. */
export function activeIncident(fleet: Fleet, kind: IncidentKind, s: DemoServer, minute: number): ActiveIncident | null {
  if (incidentTarget(fleet, kind)?.index !== s.index) return null;
  const sch = SCHEDULES[kind];
  const k = Math.floor((minute - sch.offset) / sch.period);
  for (const kk of [k, k - 1]) {
    const o = occurrence(fleet.seed, kind, kk);
    if (minute >= o.start && minute < o.end) {
      return { kind, hostname: s.hostname, serverIndex: s.index, ...o, progress: (minute - o.start) / (o.end - o.start) };
    }
  }
  return null;
}

/** Every incident occurrence overlapping [from, to), oldest first. */
export function incidentsBetween(fleet: Fleet, from: number, to: number): Incident[] {
  const out: Incident[] = [];
  for (const kind of INCIDENT_KINDS) {
    const target = incidentTarget(fleet, kind);
    if (!target) continue;
    const sch = SCHEDULES[kind];
    const first = Math.floor((from - sch.offset) / sch.period) - 1;
    const last = Math.floor((to - sch.offset) / sch.period);
    for (let k = first; k <= last; k++) {
      const o = occurrence(fleet.seed, kind, k);
      if (o.end > from && o.start < to) out.push({ kind, hostname: target.hostname, serverIndex: target.index, ...o });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
