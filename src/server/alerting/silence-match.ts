import type { ServerScope, SilenceRecord } from '../store/repos/silences';

/** What a silence's matchers read. */
export type SilenceRule = Pick<SilenceRecord, 'id' | 'alerts' | 'servers' | 'serverTags' | 'serverSets' | 'alertName' | 'start' | 'end'>;

/** The incident a silence is matched against: its alert and the servers it concerns, with their tags and sets. */
export interface SilencedIncident {
  alertId: number;
  alertName: string;
  servers: readonly ServerScope[];
}

/** A silence's state by the clock: it holds for start <= now < end. */
export function silenceState(s: Pick<SilenceRecord, 'start' | 'end'>, now: number): 'active' | 'pending' | 'expired' {
  if (now >= s.end) return 'expired';
  return now < s.start ? 'pending' : 'active';
}

/** Whether a silence matches by server tags or sets (the engine then reads the servers' scopes). */
export const needsScopes = (s: Pick<SilenceRule, 'serverTags' | 'serverSets'>): boolean => s.serverTags.length > 0 || s.serverSets.length > 0;

const overlaps = (a: readonly number[], b: readonly number[]) => a.some((x) => b.includes(x));

/**
 * Whether one silence matches an incident at `now`. Every matcher that is not empty must match (an
 * empty one matches everything): the alert among `alerts`, its name containing `alertName` (any case),
 * and each of the incident's servers among `servers`, tagged with one of `serverTags` and in one of
 * `serverSets`. Each server, not just one: a silence never hides a server it does not cover (a Server
 * Tag incident of a silenced server and another one still notifies). An incident without a known
 * server matches no server matcher.
 */
export function silenceMatches(s: SilenceRule, incident: SilencedIncident, now: number): boolean {
  if (silenceState(s, now) !== 'active') return false;
  if (s.alerts.length && !s.alerts.includes(incident.alertId)) return false;
  if (s.alertName && !incident.alertName.toLowerCase().includes(s.alertName.toLowerCase())) return false;
  if (!s.servers.length && !needsScopes(s)) return true;
  if (!incident.servers.length) return false;
  return incident.servers.every(
    (v) => (!s.servers.length || s.servers.includes(v.id)) && (!s.serverTags.length || overlaps(s.serverTags, v.tags)) && (!s.serverSets.length || overlaps(s.serverSets, v.sets)),
  );
}

/** The silences matching an incident at `now`, by id (the first is the one recorded). */
export function matchingSilences<S extends SilenceRule>(silences: readonly S[], incident: SilencedIncident, now: number): S[] {
  return silences.filter((s) => silenceMatches(s, incident, now)).sort((a, b) => a.id - b.id);
}
