import type { LabelMatcher } from '../../shared/incident-response';
import type { ServerScope, SilenceRecord } from '../store/repos/silences';
import { compilePattern } from './pattern';

/** What a silence's matchers read. */
export type SilenceRule = Pick<SilenceRecord, 'id' | 'alerts' | 'servers' | 'serverTags' | 'serverSets' | 'alertName' | 'start' | 'end'> & Partial<Pick<SilenceRecord, 'matchers'>>;

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
  // Label matchers speak of external alerts' labels, which native alerts do not have.
  if (s.matchers?.length) return false;
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

/** An external (Prometheus) alert as silences match it: its alertname and label set. */
export interface SilencedExternal {
  alertname: string;
  labels: Readonly<Record<string, string>>;
}

/**
 * One label matcher as Alertmanager applies it: a label the alert lacks reads as ""; a regular
 * expression is anchored at both ends (`^(?:value)$`) and runs on RE2; one that does not compile
 * matches nothing (the API refuses it, see services/silences.ts).
 */
export function matcherMatches(m: LabelMatcher, labels: Readonly<Record<string, string>>): boolean {
  const v = labels[m.name] ?? '';
  const hit = m.isRegex ? (compilePattern(`^(?:${m.value})$`)?.test(v) ?? false) : v === m.value;
  return m.isEqual ? hit : !hit;
}

/**
 * Whether one silence matches an external alert at `now`. Id matchers (alerts, servers, tags, sets)
 * name native alerts and servers, so a silence with any never matches an external alert; `alertName`
 * is a substring of its alertname (any case); every label matcher must match. A silence with neither
 * label matchers nor alertName is one of ids: it does not match.
 */
export function externalSilenceMatches(s: SilenceRule, alert: SilencedExternal, now: number): boolean {
  if (silenceState(s, now) !== 'active') return false;
  if (s.alerts.length || s.servers.length || needsScopes(s)) return false;
  const matchers = s.matchers ?? [];
  if (!matchers.length && !s.alertName) return false;
  if (s.alertName && !alert.alertname.toLowerCase().includes(s.alertName.toLowerCase())) return false;
  return matchers.every((m) => matcherMatches(m, alert.labels));
}
