import { bandOf, toSubscriberRefs, toUserRefs } from '../alert-rows';
import type { AlertEngineRepo, EngineAlert, SubjectState } from '../repos/alert-engine';
import { applyPlans } from './apply-plans';
import { prepared, type Pg } from './db';
import { claimEvaluations, EVAL_CHANNEL, pendingEvaluations, releaseEvaluation } from './eval-queue';
import { serversInMaintenanceAt } from './maintenance-scope';

type AlertRow = Omit<EngineAlert, 'accountId' | 'users' | 'subscribers'> & { account_id: number; users: unknown; subscribers: unknown };

const toAlert = (r: AlertRow): EngineAlert => {
  const { account_id, users, subscribers, ...rest } = r;
  return { ...rest, accountId: account_id, users: toUserRefs(users), subscribers: toSubscriberRefs(subscribers) };
};

const COLS = `a.id, a.account_id, a.name, a.type, a.target_id, a.target, a.trigger_type, a."trigger", a.direction, a.threshold,
  a.threshold_type, a.band_value, a.window_length, a.window_units, a.time_above_threshold, a."interval", a.num_of_servers,
  a.part_name, a.ip_details, a.reg_exp, a.users, a.subscribers, a.in_incident`;

// One indexed lookup per alert type (alerts_engine_target, then the server's tags, applications, polled
// items and logs), not a scan of every alert of the account with each batch. Process targets are
// `<server_id>,<pid>,<creation_time>,<name>`: those of this server sort between "<id>," and "<id>-" in
// the column's byte order (COLLATE "C").
const FOR_SERVER = prepared(`
  SELECT ${COLS} FROM alerts a WHERE a.account_id = $1 AND a.active AND a.type = 'Server' AND a.target_id = $3
  UNION ALL
  SELECT ${COLS} FROM alerts a WHERE a.account_id = $1 AND a.active AND a.type = 'Process' AND a.target_id >= $4 AND a.target_id < $5
  UNION ALL
  SELECT ${COLS} FROM server_tag_members m JOIN alerts a ON a.account_id = m.account_id AND a.active AND a.type = 'Server Tag'
    AND a.target_id = m.tag_id::text WHERE m.account_id = $1 AND m.server_id = $2
  UNION ALL
  SELECT ${COLS} FROM application_servers x JOIN alerts a ON a.account_id = x.account_id AND a.active AND a.type = 'Application'
    AND a.target_id = x.application_id::text WHERE x.account_id = $1 AND x.server_id = $2
  UNION ALL
  SELECT ${COLS} FROM polled_data p JOIN alerts a ON a.account_id = p.account_id AND a.active AND a.type = 'Polled Data'
    AND a.target_id = p.id::text WHERE p.account_id = $1 AND p.server_id = $2
  UNION ALL
  SELECT ${COLS} FROM logs l JOIN alerts a ON a.account_id = l.account_id AND a.active AND a.type = 'Log'
    AND a.target_id = l.id::text WHERE l.account_id = $1 AND l.server_id = $2
  ORDER BY 1`);
const SERVER = prepared('SELECT hostname, capacity_mem FROM servers WHERE account_id = $1 AND id = $2');
const STATES_OF = prepared(
  'SELECT alert_id, subject, minute, holds, streak, value FROM alert_state WHERE account_id = $1 AND alert_id = ANY($2::bigint[]) ORDER BY alert_id, subject',
);

export function pgAlertEngine(pg: Pg): AlertEngineRepo {
  return {
    async alertsForServer(accountId, serverId) {
      return (await pg.rows<AlertRow>(FOR_SERVER, [accountId, serverId, String(serverId), `${serverId},`, `${serverId}-`])).map(toAlert);
    },
    async serverDownAlerts() {
      const alerts = (
        await pg.rows<AlertRow>(`SELECT ${COLS} FROM alerts a WHERE a.active AND a.trigger_type = 'Server Down' AND a.type IN ('Server', 'Server Tag') ORDER BY a.account_id, a.id`)
      ).map(toAlert);
      const out = [];
      for (const alert of alerts) {
        const target = Number(alert.target_id);
        const ok = Number.isSafeInteger(target);
        // A server that registered and never uploaded counts from its registration.
        const servers = !ok
          ? []
          : await pg.rows<{ id: number; last_seen: number }>(
              `SELECT id, coalesce(last_seen, created) AS last_seen FROM servers s WHERE s.account_id = $1 AND s.deleted_at IS NULL AND (
                 ($2 = 'Server' AND s.id = $3) OR ($2 = 'Server Tag' AND s.id IN (SELECT server_id FROM server_tag_members m WHERE m.account_id = s.account_id AND m.tag_id = $3)))
               ORDER BY s.id`,
              [alert.accountId, alert.type, target],
            );
        out.push({ alert, servers: servers.map((s) => ({ id: s.id, lastSeen: s.last_seen })) });
      }
      return out;
    },
    async server(accountId, serverId) {
      return (await pg.row<{ hostname: string; capacity_mem: number }>(SERVER, [accountId, serverId])) ?? null;
    },
    async application(accountId, appId) {
      return (await pg.row<{ name: string; template: number }>('SELECT name, template FROM applications WHERE account_id = $1 AND id = $2', [accountId, appId])) ?? null;
    },
    async polledName(accountId, polledId) {
      return (await pg.row<{ name: string }>('SELECT name FROM polled_data WHERE account_id = $1 AND id = $2', [accountId, polledId]))?.name ?? null;
    },
    async fileLogs(accountId, serverId) {
      const rows = await pg.rows<{ id: number; source: string }>(`SELECT id, source FROM logs WHERE account_id = $1 AND server_id = $2 AND source_type = 'FILE'`, [accountId, serverId]);
      return new Map(rows.map((r) => [r.id, r.source]));
    },
    async serversInMaintenance(accountId, serverIds, at) {
      return serverIds.length ? serversInMaintenanceAt(pg, accountId, at, serverIds) : [];
    },
    async states(accountId, alertId) {
      return pg.rows('SELECT subject, minute, holds, streak, value FROM alert_state WHERE account_id = $1 AND alert_id = $2 ORDER BY subject', [accountId, alertId]);
    },
    async statesOf(accountId, alertIds) {
      const rows = await pg.rows<SubjectState & { alert_id: number }>(STATES_OF, [accountId, alertIds]);
      const out = new Map<number, SubjectState[]>(alertIds.map((id) => [id, []]));
      for (const { alert_id, ...state } of rows) out.get(alert_id)?.push(state);
      return out;
    },
    async incident(accountId, alertId) {
      const r = await pg.row<{ history_id: number; started: number; last_notified: number }>(
        'SELECT history_id, started, last_notified FROM alert_incidents WHERE account_id = $1 AND alert_id = $2',
        [accountId, alertId],
      );
      return r ? { historyId: r.history_id, started: r.started, lastNotified: r.last_notified } : null;
    },
    async band(accountId, alertId, minute, windowSeconds) {
      // The band is of the window before this minute (partial first hour included), so a spike is
      // judged against what came before it, not against itself.
      const r = (await pg.row<{ n: number | null; sum: number | null; sumsq: number | null }>(
        'SELECT SUM(n) AS n, SUM(sum) AS sum, SUM(sumsq) AS sumsq FROM alert_stats WHERE account_id = $1 AND alert_id = $2 AND hour > $3',
        [accountId, alertId, minute - windowSeconds - 3600],
      ))!;
      return bandOf(r);
    },
    async recipients(accountId, userIds) {
      if (!userIds.length) return [];
      const rows = await pg.rows<{ id: number; email: string; country_code: number | null; phone_number: number | null }>(
        'SELECT id, email, country_code, phone_number FROM users WHERE account_id = $1 AND id = ANY($2::bigint[]) ORDER BY id',
        [accountId, userIds.filter((id) => Number.isSafeInteger(id))],
      );
      return rows.map((u) => ({ id: u.id, email: u.email, phone: u.phone_number ? `+${u.country_code ?? ''}${u.phone_number}` : null }));
    },
    async ownerId(accountId) {
      return (await pg.row<{ id: number }>('SELECT id FROM users WHERE account_id = $1 AND is_account_owner ORDER BY id LIMIT 1', [accountId]))?.id ?? null;
    },
    claimEvaluations: (worker, nowMs, leaseMs, limit, perServer) => claimEvaluations(pg, worker, nowMs, leaseMs, limit, perServer),
    apply: async (plan) => (await applyPlans(pg, [plan]))[0]!,
    applyMany: (plans) => applyPlans(pg, plans),
    releaseEvaluation: (id, worker, error, retryAtMs, giveUp) => releaseEvaluation(pg, id, worker, error, retryAtMs, giveUp),
    pendingEvaluations: () => pendingEvaluations(pg),
    onWork(wake) {
      const listening = pg.listen(EVAL_CHANNEL, wake).catch(() => null);
      return async () => {
        await (await listening)?.();
      };
    },
  };
}
