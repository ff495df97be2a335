import type { EngineAlert, Incident, SubjectState } from '../store/repos/alert-engine';

// A subject's state older than this no longer counts towards an alert (its server stopped reporting).
export const STALE_SECONDS = 180;

/** What an evaluation does to an alert's incident. */
export type Verdict = 'start' | 'end' | 'remind' | 'none';

type Rule = Pick<EngineAlert, 'type' | 'num_of_servers' | 'time_above_threshold' | 'interval' | 'in_incident'> & { per_server?: boolean };

/**
 * The subject's state after an observation at `minute`, or null for a replayed or late minute (a
 * minute not after the last one seen). Server Down follows the clock and gives its own streak: the
 * minutes the server has been down, not the checks made.
 */
export function nextState(
  prev: SubjectState | undefined,
  obs: { subject: number; minute: number; holds: boolean; value: number | null },
  opts: { clockDriven?: boolean; streak?: number } = {},
): SubjectState | null {
  if (prev && prev.minute >= obs.minute && !opts.clockDriven) return null;
  const consecutive = prev !== undefined && prev.holds && obs.minute - prev.minute <= 60;
  const streak = !obs.holds ? 0 : opts.streak !== undefined ? opts.streak : consecutive ? prev.streak + 1 : 1;
  return { ...obs, streak };
}

/** The states that count at `minute`: every subject's latest, the new one included, none stale. */
export function freshStates(states: readonly SubjectState[], next: SubjectState, minute: number): SubjectState[] {
  return [...states.filter((s) => s.subject !== next.subject), next].filter((s) => s.minute >= minute - STALE_SECONDS);
}

/** Subjects needed at once: a Server Tag alert's num_of_servers, else one (per_server: each server on its own). */
export function subjectsNeeded(alert: Pick<Rule, 'type' | 'num_of_servers' | 'per_server'>): number {
  return alert.type === 'Server Tag' && !alert.per_server ? Math.max(1, alert.num_of_servers) : 1;
}

/** The subjects that count towards triggering: holding the condition long enough, outside maintenance. */
export function countedSubjects(alert: Pick<Rule, 'time_above_threshold'>, fresh: readonly SubjectState[], paused: ReadonlySet<number>): SubjectState[] {
  return fresh.filter((s) => s.holds && s.streak >= alert.time_above_threshold && !paused.has(s.subject));
}

/**
 * Subjects whose maintenance matters: those holding the condition, when enough hold to trigger
 * (otherwise maintenance cannot change the verdict and is not looked up).
 */
export function maintenanceCandidates(alert: Pick<Rule, 'type' | 'num_of_servers' | 'per_server'>, fresh: readonly SubjectState[]): number[] {
  const held = fresh.filter((s) => s.holds);
  return held.length >= subjectsNeeded(alert) ? held.map((s) => s.subject) : [];
}

/**
 * The spec's state machine of an alert. It triggers when enough subjects (one, or a Server Tag's
 * num_of_servers) have held the condition for time_above_threshold minutes outside maintenance; it
 * resolves when fewer than that hold it (maintenance does not hold an open incident); while it lasts,
 * the users are reminded every `interval` minutes unless someone acknowledged it.
 */
export function judge(alert: Rule, fresh: readonly SubjectState[], paused: ReadonlySet<number>, incident: Incident | null, minute: number): Verdict {
  const needed = subjectsNeeded(alert);
  const held = fresh.filter((s) => s.holds);
  const firing = countedSubjects(alert, fresh, paused).length >= needed;
  if (!alert.in_incident) return firing ? 'start' : 'none';
  if (held.length < needed) return 'end';
  // An acknowledged incident is not reminded of: someone has it (un-acknowledging resumes the reminders).
  if (firing && incident && !incident.acknowledged && minute - incident.lastNotified >= alert.interval * 60) return 'remind';
  return 'none';
}
