import { occurrencesBetween, type Recurrence } from '../../../shared/maintenance-occurrences';
import type { MaintenanceWindow } from '../../../shared/maintenance-windows';

/** One running stretch of a window (a plain window, or one occurrence of a recurring one) and its servers. */
export interface MaintenanceSpan {
  start: number;
  end: number;
  reason: string;
  servers: number[];
}

/** Current members of tags and sets by id, to resolve windows scoped by them. */
export interface ScopeMembers {
  tags: ReadonlyMap<number, readonly number[]>;
  sets: ReadonlyMap<number, readonly number[]>;
}

/** The recurrence of a window as the API answers it. */
export const windowRecurrence = (w: MaintenanceWindow): Recurrence => ({ start: w.start, end: w.end, rrule: w.rrule, duration: w.duration, timeZone: w.time_zone });

/**
 * The spans of the windows overlapping the range, each with the servers it covers. Tags and sets
 * resolve to their members now: the engine resolves them at each minute, so a chart of the past may
 * shade a server tagged since (the dashboard has no membership history).
 */
export function maintenanceSpans(windows: readonly MaintenanceWindow[], range: { from: number; to: number }, members: ScopeMembers): MaintenanceSpan[] {
  return windows.flatMap((w) => {
    const servers = new Set(w.servers);
    for (const t of w.server_tags) for (const s of members.tags.get(t) ?? []) servers.add(s);
    for (const set of w.server_sets) for (const s of members.sets.get(set) ?? []) servers.add(s);
    const list = [...servers].sort((a, b) => a - b);
    return occurrencesBetween(windowRecurrence(w), range.from, range.to + 1).map((o) => ({ ...o, reason: w.reason, servers: list }));
  });
}
