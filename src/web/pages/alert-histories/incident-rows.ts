import { indexTargets, processOfTarget, serversOfAlert, type TargetIndex } from '../../../shared/alert-target';
import { paths } from '../../app/paths';

/** What an incident row reads of its alert. */
export interface AlertRef {
  id: number;
  name: string;
  type: string;
  target: string;
  target_id: string | number;
  trigger_type: string;
}

/** The page an alert's target opens: its process, application, log, polled check or server. */
export function targetPath(a: Pick<AlertRef, 'type' | 'target_id'>): string | null {
  const id = String(a.target_id);
  switch (a.type) {
    case 'Process': {
      const p = processOfTarget(a.target_id);
      return p ? paths.process(p.uid) : null;
    }
    case 'Application':
      return paths.application(id);
    case 'Log':
      return paths.log(id);
    case 'Polled Data':
      return paths.polledItem(id);
    case 'Server':
      return paths.server(id);
    default:
      return null;
  }
}

/** An incident with what names it: its alert, the servers its target lies on, the target and its page. */
export interface IncidentRow<H> {
  history: H;
  alertName: string;
  servers: { id: number; name: string }[];
  target: string;
  targetPath: string | null;
}

/** What a row reads of its incident: the alert, and the servers that breached when it started (kept with it). */
export interface HistoryRef {
  alert_id: number;
  alert_name?: string;
  servers?: readonly { id: number; hostname: string }[];
}

/** Server and Process alerts name their server in the target itself: no index needed to find it. */
const NO_INDEX = indexTargets({ tags: [], logs: [], polled: [], applications: [] });

/**
 * Joins incidents with their alerts and server names. The servers are those that breached when the
 * incident started where it recorded them (a tag's incident is about those, not every server of the
 * tag), else those of the alert's target: until the index of tags, logs, checks and applications
 * loads, only Server and Process alerts have theirs. An alert deleted since keeps its incident
 * readable, named as the history kept it (else by id), with its breaching servers but no target (it
 * went with it).
 */
export function incidentRows<H extends HistoryRef>(
  histories: readonly H[],
  alerts: ReadonlyMap<number, AlertRef>,
  idx: TargetIndex | undefined,
  serverNames: ReadonlyMap<number, string>,
): IncidentRow<H>[] {
  return histories.map((h) => {
    const a = alerts.get(h.alert_id);
    const breached = (h.servers ?? []).map((s) => ({ id: s.id, name: serverNames.get(s.id) ?? s.hostname }));
    if (!a) return { history: h, alertName: h.alert_name || `Alert #${h.alert_id}`, servers: breached, target: '', targetPath: null };
    const servers = breached.length ? breached : serversOfAlert(a, idx ?? NO_INDEX).map((id) => ({ id, name: serverNames.get(id) ?? `#${id}` }));
    return { history: h, alertName: a.name, servers, target: a.target, targetPath: targetPath(a) };
  });
}

/**
 * The label of an alert's timeline row: name, server and target ("Replication lag check · db-01 ·
 * check_replication"); the servers are left out when the target already names them ("nginx on web-02").
 */
export function rowLabel(r: Pick<IncidentRow<unknown>, 'alertName' | 'servers' | 'target'>): string {
  const named = r.servers.length > 0 && r.servers.every((s) => r.target.includes(s.name));
  const where = named ? '' : r.servers.length > 3 ? `${r.servers.length} servers` : r.servers.map((s) => s.name).join(', ');
  return [r.alertName, where, r.target].filter(Boolean).join(' · ');
}

/** How long an incident has lasted (to `now` while open): "45 min", "3.5 h", "2.1 d". */
export function incidentDuration(start: number, end: number | null, now: number): string {
  const s = Math.max(0, (end ?? now) - start);
  return s < 3600 ? `${Math.round(s / 60)} min` : s < 172_800 ? `${(s / 3600).toFixed(1)} h` : `${(s / 86_400).toFixed(1)} d`;
}
