import { serversOfAlert, type AlertTargetRef, type TargetIndex } from '../../../shared/alert-target';

/** The alerts whose target lies on the server, by the shared mapping of every alert type (src/shared/alert-target.ts). */
export function alertsOfServer<A extends AlertTargetRef & { id: number }>(alerts: readonly A[], serverId: number, idx: TargetIndex): A[] {
  return alerts.filter((a) => serversOfAlert(a, idx).includes(serverId));
}

/**
 * The incidents under way during the minute starting at `t`: begun before the minute ended (a start
 * at t+30 was true during it) and not ended by its first second (`end` is the first moment it was over).
 */
export function openDuring<H extends { start: number; end: number | null }>(histories: readonly H[], t: number): H[] {
  return histories.filter((h) => h.start < t + 60 && (h.end === null || h.end > t)).sort((a, b) => a.start - b.start);
}
