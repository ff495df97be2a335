import type { BreachingServer } from '../../shared/alert-histories';
import { WHOLE_ALERT, type EngineAlert, type SubjectState } from '../store/repos/alert-engine';

// A tag of thousands of servers all breaching keeps the history readable; the count stays in the message.
export const MAX_RECORDED_SERVERS = 50;

/** Is this alert one incident per server of its tag (the per_server extension)? */
export const isPerServer = (a: Pick<EngineAlert, 'type' | 'per_server'>): boolean => a.type === 'Server Tag' && a.per_server;

/** The key of the incident an observation of `subject` belongs to: its server for a per_server alert, else the alert's one incident. */
export const incidentKey = (a: Pick<EngineAlert, 'type' | 'per_server'>, subject: number): number => (isPerServer(a) ? subject : WHOLE_ALERT);

/**
 * The servers that count towards the trigger, most extreme value first in the alert's direction
 * (lowest for "below"), named from `names` (a server deleted meanwhile keeps its id as its name).
 */
export function breachingServers(
  direction: string,
  counted: readonly SubjectState[],
  names: ReadonlyMap<number, { hostname: string; nickname: string }>,
): BreachingServer[] {
  const below = direction.toLowerCase() === 'below';
  const rank = (v: number | null) => (v === null ? -Infinity : below ? -v : v);
  return [...counted]
    .sort((a, b) => rank(b.value) - rank(a.value) || a.subject - b.subject)
    .slice(0, MAX_RECORDED_SERVERS)
    .map((s) => ({ id: s.subject, hostname: names.get(s.subject)?.hostname ?? `#${s.subject}`, nickname: names.get(s.subject)?.nickname ?? '', value: s.value }));
}

/** How a message names a server: its hostname, and its nickname when it has one. */
export const serverLabel = (s: Pick<BreachingServer, 'hostname' | 'nickname'>): string => (s.nickname && s.nickname !== s.hostname ? `${s.hostname} (${s.nickname})` : s.hostname);
