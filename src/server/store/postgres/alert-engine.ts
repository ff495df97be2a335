import { bandOf } from '../alert-rows';
import type { AlertEngineRepo, SubjectState } from '../repos/alert-engine';
import { applyPlans } from './apply-plans';
import { named, type Pg } from './db';
import { alertsForServer, COLS, serverContexts, toAlert, type AlertRow } from './engine-reads';
import { claimEvaluations, EVAL_CHANNEL, evaluationBacklog, pendingEvaluations, releaseEvaluation } from './eval-queue';
import { serversInMaintenanceAt } from './maintenance-scope';
import { serverScopes, silencesActiveAt } from './silences';

const SERVER = named('SELECT hostname, capacity_mem FROM servers WHERE account_id = $1 AND id = $2');
const STATES_OF = named(
  'SELECT alert_id, subject, minute, holds, streak, value FROM alert_state WHERE account_id = $1 AND alert_id = ANY($2::bigint[]) ORDER BY alert_id, subject',
);

export function pgAlertEngine(pg: Pg): AlertEngineRepo {
  return {
    alertsForServer: (accountId, serverId) => alertsForServer(pg, accountId, serverId),
    contexts: (servers) => serverContexts(pg, servers),
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
    async serverNames(accountId, serverIds) {
      const rows = await pg.rows<{ id: number; hostname: string; nickname: string }>(
        'SELECT id, hostname, nickname FROM servers WHERE account_id = $1 AND id = ANY($2::bigint[])',
        [accountId, serverIds.filter((id) => Number.isSafeInteger(id))],
      );
      return new Map(rows.map((r) => [r.id, { hostname: r.hostname, nickname: r.nickname }]));
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
    activeSilences: (accountId, at) => silencesActiveAt(pg, accountId, at),
    serverScopes: (accountId, serverIds) => serverScopes(pg, accountId, serverIds),
    async states(accountId, alertId) {
      return pg.rows('SELECT subject, minute, holds, streak, value FROM alert_state WHERE account_id = $1 AND alert_id = $2 ORDER BY subject', [accountId, alertId]);
    },
    async statesOf(accountId, alertIds) {
      const rows = await pg.rows<SubjectState & { alert_id: number }>(STATES_OF, [accountId, alertIds]);
      const out = new Map<number, SubjectState[]>(alertIds.map((id) => [id, []]));
      for (const { alert_id, ...state } of rows) out.get(alert_id)?.push(state);
      return out;
    },
    async incident(accountId, alertId, subject) {
      const r = await pg.row<{ history_id: number; started: number; last_notified: number; acknowledged: boolean | null }>(
        `SELECT i.history_id, i.started, i.last_notified, h.acknowledged_at IS NOT NULL AS acknowledged FROM alert_incidents i
           LEFT JOIN alert_histories h ON h.account_id = i.account_id AND h.id = i.history_id WHERE i.account_id = $1 AND i.alert_id = $2 AND i.subject = $3`,
        [accountId, alertId, subject],
      );
      return r ? { historyId: r.history_id, started: r.started, lastNotified: r.last_notified, acknowledged: r.acknowledged === true } : null;
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
    evaluationBacklog: () => evaluationBacklog(pg),
    onWork(wake) {
      const listening = pg.listen(EVAL_CHANNEL, wake).catch(() => null);
      return async () => {
        await (await listening)?.();
      };
    },
  };
}
