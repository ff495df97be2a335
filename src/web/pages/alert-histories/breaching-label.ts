import type { BreachingServer } from '../../../shared/alert-histories';

/** "app-02 (web front) at 93.46": the server as named when it breached, and its value then (if any). */
export function breachLabel(s: Pick<BreachingServer, 'hostname' | 'nickname' | 'value'>): string {
  const name = s.nickname && s.nickname !== s.hostname ? `${s.hostname} (${s.nickname})` : s.hostname;
  return s.value === null ? name : `${name} at ${Math.round(s.value * 100) / 100}`;
}
