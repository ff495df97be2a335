import { toSubscriberRefs, toUserRefs } from '../alert-rows';
import type { EngineAlert, ServerContext, SubjectState } from '../repos/alert-engine';
import { named, type Pg, type Sql } from './db';
import { channelIds } from '../common/channel-rows';

/** An alerts row as the engine reads it (booleans and JSON already typed by the driver). */
export type AlertRow = Omit<EngineAlert, 'accountId' | 'users' | 'subscribers' | 'channels'> & { account_id: number; users: unknown; subscribers: unknown; channels: unknown };

export const toAlert = (r: AlertRow): EngineAlert => {
  const { account_id, users, subscribers, channels, ...rest } = r;
  return { ...rest, accountId: account_id, users: toUserRefs(users), subscribers: toSubscriberRefs(subscribers), channels: channelIds(channels) };
};

export const COLS = `a.id, a.account_id, a.name, a.type, a.target_id, a.target, a.trigger_type, a."trigger", a.direction, a.threshold,
  a.threshold_type, a.band_value, a.window_length, a.window_units, a.time_above_threshold, a."interval", a.num_of_servers,
  a.part_name, a.ip_details, a.reg_exp, a.users, a.subscribers, a.channels, a.in_incident, a.per_server, a.escalation_policy`;

// The active alerts concerning each server (account $1[i], server $2[i]), tagged with it, by server
// then id. One indexed lookup per alert type (alerts_engine_target, then the server's tags,
// applications, polled items and logs), not a scan of every alert of the account. Process targets are
// `<server_id>,<pid>,<creation_time>,<name>`: those of a server sort between "<id>," and "<id>-" in the
// column's byte order (COLLATE "C").
const FOR_SERVERS = named(`
  WITH s AS (SELECT * FROM unnest($1::bigint[], $2::bigint[]) AS t(acc, sid))
  SELECT s.acc AS for_account, s.sid AS for_server, ${COLS} FROM s
    JOIN alerts a ON a.account_id = s.acc AND a.active AND a.type = 'Server' AND a.target_id = s.sid::text
  UNION ALL
  SELECT s.acc, s.sid, ${COLS} FROM s
    JOIN alerts a ON a.account_id = s.acc AND a.active AND a.type = 'Process' AND a.target_id >= s.sid || ',' AND a.target_id < s.sid || '-'
  UNION ALL
  SELECT s.acc, s.sid, ${COLS} FROM s JOIN server_tag_members m ON m.account_id = s.acc AND m.server_id = s.sid
    JOIN alerts a ON a.account_id = m.account_id AND a.active AND a.type = 'Server Tag' AND a.target_id = m.tag_id::text
  UNION ALL
  SELECT s.acc, s.sid, ${COLS} FROM s JOIN application_servers x ON x.account_id = s.acc AND x.server_id = s.sid
    JOIN alerts a ON a.account_id = x.account_id AND a.active AND a.type = 'Application' AND a.target_id = x.application_id::text
  UNION ALL
  SELECT s.acc, s.sid, ${COLS} FROM s JOIN polled_data p ON p.account_id = s.acc AND p.server_id = s.sid
    JOIN alerts a ON a.account_id = p.account_id AND a.active AND a.type = 'Polled Data' AND a.target_id = p.id::text
  UNION ALL
  SELECT s.acc, s.sid, ${COLS} FROM s JOIN logs l ON l.account_id = s.acc AND l.server_id = s.sid
    JOIN alerts a ON a.account_id = l.account_id AND a.active AND a.type = 'Log' AND a.target_id = l.id::text
  ORDER BY 1, 2, 3`);

const SERVERS = named(`SELECT v.account_id, v.id, v.hostname, v.capacity_mem FROM servers v
  JOIN unnest($1::bigint[], $2::bigint[]) AS t(acc, sid) ON v.account_id = t.acc AND v.id = t.sid`);

const STATES = named(`SELECT st.account_id, st.alert_id, st.subject, st.minute, st.holds, st.streak, st.value FROM alert_state st
  JOIN (SELECT DISTINCT * FROM unnest($1::bigint[], $2::bigint[])) AS t(acc, id) ON st.account_id = t.acc AND st.alert_id = t.id
  ORDER BY st.account_id, st.alert_id, st.subject`);

/** The active alerts concerning a server (AlertEngineRepo.alertsForServer). */
export async function alertsForServer(sql: Sql, accountId: number, serverId: number): Promise<EngineAlert[]> {
  return (await sql.rows<AlertRow & { for_account: number; for_server: number }>(FOR_SERVERS, [[accountId], [serverId]])).map(
    ({ for_account: _a, for_server: _s, ...row }) => toAlert(row),
  );
}

const key = (account: number, id: number) => `${account}:${id}`;
function push<T>(m: Map<string, T[]>, k: string, v: T) {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

/**
 * AlertEngineRepo.contexts: the alerts, record and alert states of several servers in two round trips
 * (the servers' records read beside their alerts, then every alert's states), whatever their number.
 */
export async function serverContexts(pg: Pg, servers: { accountId: number; serverId: number }[]): Promise<ServerContext[]> {
  if (!servers.length) return [];
  const args = [servers.map((s) => s.accountId), servers.map((s) => s.serverId)];
  const [alertRows, serverRows] = await Promise.all([
    pg.rows<AlertRow & { for_account: number; for_server: number }>(FOR_SERVERS, args),
    pg.rows<{ account_id: number; id: number; hostname: string; capacity_mem: number }>(SERVERS, args),
  ]);
  const alerts = new Map<string, EngineAlert[]>();
  for (const { for_account, for_server, ...row } of alertRows) push(alerts, key(for_account, for_server), toAlert(row));
  const stateRows = alertRows.length
    ? await pg.rows<SubjectState & { account_id: number; alert_id: number }>(STATES, [alertRows.map((r) => r.account_id), alertRows.map((r) => r.id)])
    : [];
  const states = new Map<string, SubjectState[]>();
  for (const { account_id, alert_id, ...state } of stateRows) push(states, key(account_id, alert_id), state);
  const records = new Map(serverRows.map((r) => [key(r.account_id, r.id), { hostname: r.hostname, capacity_mem: r.capacity_mem }]));
  return servers.map((s) => {
    const mine = alerts.get(key(s.accountId, s.serverId)) ?? [];
    return {
      alerts: mine,
      server: records.get(key(s.accountId, s.serverId)) ?? null,
      states: new Map(mine.map((a) => [a.id, states.get(key(a.accountId, a.id)) ?? []])),
    };
  });
}
