import { serversOfAlert, type AlertTargetRef, type TargetIndex } from '../../../shared/alert-target';

/**
 * A server's open incidents: how many alerts are in incident on it and when the newest began (epoch s).
 * Infinity when an alert is in incident but its history was not read yet: the two lists refresh apart,
 * so that incident began after the last read of the open ones, the newest trouble of all.
 */
export interface ServerHealth {
  count: number;
  latest: number;
}

export const HEALTHY: ServerHealth = { count: 0, latest: 0 };

/**
 * Open incidents per server. `active` are the alerts in incident now (each counts once per server it
 * lies on, as the Incidents column always counted); `open` are the incidents not ended yet, which give
 * each server the start of its newest trouble, so "unhealthy first" puts what just broke on top.
 */
export function healthByServer(
  active: readonly (AlertTargetRef & { id: number })[],
  open: readonly { alert_id: number; start: number }[],
  idx: TargetIndex,
): Map<number, ServerHealth> {
  const started = new Map<number, number>();
  for (const h of open) started.set(h.alert_id, Math.max(started.get(h.alert_id) ?? 0, h.start));
  const out = new Map<number, ServerHealth>();
  for (const a of active) {
    for (const s of serversOfAlert(a, idx)) {
      const h = out.get(s) ?? { count: 0, latest: 0 };
      out.set(s, { count: h.count + 1, latest: Math.max(h.latest, started.get(a.id) ?? Number.POSITIVE_INFINITY) });
    }
  }
  return out;
}
