// The answer forms of resources that more than one route returns (a record from the store becomes the
// API's item, with its url). Routes import these from here, never from each other.
import { alertHistoryMessagePath } from '../../shared/alert-histories';
import type { Alert } from '../../shared/alerts';
import type { AlertHistoryAnswer } from '../../shared/incident-response';
import type { LogItem, LogWritten } from '../../shared/logs';
import { itemPath } from '../../shared/paths';
import type { ServerTag } from '../../shared/server-tags';
import type { ServerRef } from '../../shared/servers';
import { nickName, roleText, type UserProfile } from '../../shared/users';
import type { AlertHistorySummary } from '../store/repos/alert-histories';
import type { AlertRecord } from '../store/repos/alerts';
import type { LogRecord } from '../store/repos/logs';
import type { ServerTagRecord } from '../store/repos/server-tags';
import type { UserRecord } from '../store/repos/users';
import type { Store } from '../store/store';

/** The answer form of an alert: the spec's fields in order; subscriber secrets become has_secret. */
export const toAlert = (r: AlertRecord): Alert => ({
  id: r.id,
  name: r.name,
  active: r.active,
  direction: r.direction,
  type: r.type,
  target: r.target,
  target_id: r.type === 'Process' ? r.target_id : Number(r.target_id),
  trigger: r.trigger,
  trigger_type: r.trigger_type,
  num_of_servers: r.num_of_servers,
  interval: r.interval,
  time_above_threshold: r.time_above_threshold,
  threshold: r.threshold,
  reg_exp: r.reg_exp,
  part_name: r.part_name,
  ip_details: r.ip_details,
  last_triggered: r.last_triggered,
  in_incident: r.in_incident,
  users: r.users,
  subscribers: r.subscribers?.map(({ secret, ...s }) => ({ ...s, has_secret: !!secret })) ?? null,
  window_length: r.window_length,
  window_units: r.window_units,
  band_value: r.band_value,
  threshold_type: r.threshold_type,
  per_server: r.per_server,
  channels: r.channels,
  escalation_policy: r.escalation_policy,
  url: itemPath('alerts', r.id),
});

/** The short references of /server_tags/{id}/servers and /server_sets/{id}/servers. */
export async function serverRefs(store: Store, accountId: number, ids: number[]): Promise<ServerRef[]> {
  const refs = await store.servers.refs(accountId, ids);
  return refs.map((r) => ({ ...r, url: itemPath('servers', r.id) }));
}

/** A server tag as the API answers it. */
export const toServerTag = (r: ServerTagRecord): ServerTag => ({ ...r, url: itemPath('server_tags', r.id) });

/** A log as lists and reads answer it. */
export const toLogItem = (r: LogRecord): LogItem => ({ ...r, url: itemPath('logs', r.id) });
/** A log as create and update answer it (spec: `resource_url` instead of `url`). */
export const toLogWritten = (r: LogRecord): LogWritten => ({ ...r, resource_url: itemPath('logs', r.id) });

/** The avatar is a local path (no external host sees who our users are); the dashboard may draw initials. */
export const avatarPath = (id: number) => `/avatars/${id}.svg`;

export const toUserProfile = (r: UserRecord): UserProfile => ({
  id: r.id,
  first_name: r.first_name,
  last_name: r.last_name,
  email: r.email,
  nick_name: nickName(r.first_name, r.last_name, r.id),
  country_code: r.country_code,
  phone_number: r.phone_number,
  role: r.role,
  role_text: roleText(r.role),
  is_account_owner: r.is_account_owner,
  is_account_manager: r.is_account_manager,
  avatar_url: avatarPath(r.id),
  url: itemPath('users', r.id),
});

/** The answer form of an alert history, with its acknowledgement (incident response). */
export const toAlertHistory = (r: AlertHistorySummary): AlertHistoryAnswer => ({
  id: r.id,
  start: r.start,
  end: r.end,
  alert_id: r.alertId,
  alert_name: r.alertName,
  alert_type: r.alertType,
  subject: r.subject,
  message: alertHistoryMessagePath(r.id),
  servers: r.servers,
  server_id: r.serverId,
  url: itemPath('alert_histories', r.id),
  acknowledged_by: r.acknowledgedBy,
  acknowledged_at: r.acknowledgedAt,
  silenced: r.silenced,
  // External alerts' incidents only: a native incident's answer stays exactly the spec's and issue 18's.
  ...(r.labels ? { labels: r.labels, generator_url: r.generatorUrl ?? '' } : {}),
});
