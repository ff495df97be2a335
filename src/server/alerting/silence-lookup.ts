import type { AlertEngineRepo, EngineAlert, IncidentNotifications, SilenceMark } from '../store/repos/alert-engine';
import { matchingSilences, needsScopes } from './silence-match';

/**
 * The silence holding back an incident's notifications at `now` (the service clock: a silence hushes
 * what would go out while it runs, whatever minute the data is of), or undefined. Reads the account's
 * running silences, and the servers' tags and sets only when a silence matches by them.
 */
export async function silenceOf(repo: Pick<AlertEngineRepo, 'activeSilences' | 'serverScopes'>, alert: Pick<EngineAlert, 'accountId' | 'id' | 'name'>, servers: number[], now: number): Promise<SilenceMark | undefined> {
  const silences = await repo.activeSilences(alert.accountId, now);
  if (!silences.length) return undefined;
  const scopes = silences.some(needsScopes) ? await repo.serverScopes(alert.accountId, servers) : servers.map((id) => ({ id, tags: [], sets: [] }));
  const s = matchingSilences(silences, { alertId: alert.id, alertName: alert.name, servers: scopes }, now)[0];
  return s && { id: s.id, reason: s.reason };
}

/** The notifications of a step, marked silenced when a silence holds them back. */
export const silencedNotifications = (notifications: IncidentNotifications, silence: SilenceMark | undefined): IncidentNotifications =>
  silence ? (historyId, m) => notifications(historyId, m).map((n) => ({ ...n, silenced: true })) : notifications;
