import { bandOf, toSubscriberRefs, toUserRefs } from '../alert-rows';
import { parseJson } from '../common/util';
import { channelIds } from '../common/channel-rows';
import type { AlertEngineRepo, AppliedEvaluation, EngineAlert, EvaluationPlan, SubjectState } from '../repos/alert-engine';
import type { Db } from './db';
import { engineAlertCache } from './engine-alert-cache';
import { evalQueue } from './eval-queue';
import { alertPlanWriter } from './incidents';
import { sqliteMaintenanceScope } from './maintenance-scope';
import { sqliteSilenceReads } from './silences';
import { stmt } from './telemetry/statements';

type AlertRow = Omit<EngineAlert, 'accountId' | 'users' | 'subscribers' | 'channels' | 'in_incident' | 'per_server' | 'threshold'> & {
  channels: string;
  account_id: number;
  per_server: number;
  users: string;
  subscribers: string | null;
  in_incident: number;
  threshold: number | null;
};

const toAlert = (r: AlertRow): EngineAlert => {
  const { account_id, users, subscribers, channels, in_incident, per_server, ...rest } = r;
  return {
    ...rest,
    accountId: account_id,
    users: toUserRefs(parseJson<unknown>(users, [])),
    subscribers: toSubscriberRefs(parseJson<unknown>(subscribers, [])),
    channels: channelIds(channels),
    in_incident: in_incident === 1,
    per_server: per_server === 1,
  };
};

const COLS = `a.id, a.account_id, a.name, a.type, a.target_id, a.target, a.trigger_type, a.trigger, a.direction, a.threshold,
  a.threshold_type, a.band_value, a.window_length, a.window_units, a.time_above_threshold, a.interval, a.num_of_servers,
  a.part_name, a.ip_details, a.reg_exp, a.users, a.subscribers, a.channels, a.in_incident, a.per_server, a.escalation_policy`;

export function sqliteAlertEngine(db: Db): AlertEngineRepo {
  // One indexed lookup per alert type (alerts_engine_target, then the server's tags, applications,
  // polled items and logs), not a scan of every alert of the account with each batch. CROSS JOIN keeps
  // the server's few rows as the outer loop (SQLite's planner otherwise walked all the account's alerts).
  const forServer = db.prepare<{ a: number; s: number; st: string; lo: string; hi: string }, AlertRow>(`
    SELECT ${COLS} FROM alerts a WHERE a.account_id = @a AND a.active = 1 AND a.type = 'Server' AND a.target_id = @st
    UNION ALL
    SELECT ${COLS} FROM alerts a WHERE a.account_id = @a AND a.active = 1 AND a.type = 'Process' AND a.target_id >= @lo AND a.target_id < @hi
    UNION ALL
    SELECT ${COLS} FROM server_tag_members m CROSS JOIN alerts a ON a.account_id = m.account_id AND a.active = 1 AND a.type = 'Server Tag'
      AND a.target_id = CAST(m.tag_id AS TEXT) WHERE m.account_id = @a AND m.server_id = @s
    UNION ALL
    SELECT ${COLS} FROM application_servers x CROSS JOIN alerts a ON a.account_id = x.account_id AND a.active = 1 AND a.type = 'Application'
      AND a.target_id = CAST(x.application_id AS TEXT) WHERE x.account_id = @a AND x.server_id = @s
    UNION ALL
    SELECT ${COLS} FROM polled_data p CROSS JOIN alerts a ON a.account_id = p.account_id AND a.active = 1 AND a.type = 'Polled Data'
      AND a.target_id = CAST(p.id AS TEXT) WHERE p.account_id = @a AND p.server_id = @s
    UNION ALL
    SELECT ${COLS} FROM logs l CROSS JOIN alerts a ON a.account_id = l.account_id AND a.active = 1 AND a.type = 'Log'
      AND a.target_id = CAST(l.id AS TEXT) WHERE l.account_id = @a AND l.server_id = @s
    ORDER BY 1`);

  // Process targets are `<server_id>,<pid>,<creation_time>,<name>`: those of this server sort between
  // "<id>," and "<id>-" (',' and '-' are neighbours in every collation SQLite uses here).
  const alertsOf = engineAlertCache(db, (a, s) => forServer.all({ a, s, st: String(s), lo: `${s},`, hi: `${s}-` }).map(toAlert));
  const queue = evalQueue(db);
  const maintenance = sqliteMaintenanceScope(db);
  const silences = sqliteSilenceReads(db);
  const writePlan = alertPlanWriter(db);
  const owns = db.prepare<[number], { claimed_by: string | null }>('SELECT claimed_by FROM eval_queue WHERE id = ?');
  const apply = db.transaction((plan: EvaluationPlan, nowMs: number): AppliedEvaluation => {
    const out: AppliedEvaluation = { leaseLost: false, started: 0, ended: 0, callbacks: 0, notifications: 0 };
    if (plan.item && owns.get(plan.item.id)?.claimed_by !== plan.item.worker) return { ...out, leaseLost: true };
    for (const a of plan.alerts) {
      const w = writePlan(plan.accountId, a, nowMs);
      if (!w) continue;
      if (w.kind === 'start') out.started++;
      if (w.kind === 'end') out.ended++;
      out.callbacks += w.queued;
      out.notifications += w.notified;
    }
    if (plan.item) queue.complete(plan.item.id, plan.item.worker);
    return out;
  });
  const applyMany = db.transaction((plans: EvaluationPlan[], nowMs: number) => plans.map((p) => apply(p, nowMs)));
  const repo: AlertEngineRepo = {
    async alertsForServer(accountId, serverId) {
      return alertsOf(accountId, serverId);
    },
    async contexts(servers) {
      // Synchronous reads: one server after the other costs nothing more than a batched query would.
      return Promise.all(
        servers.map(async ({ accountId, serverId }) => {
          const alerts = await repo.alertsForServer(accountId, serverId);
          return { alerts, server: await repo.server(accountId, serverId), states: await repo.statesOf(accountId, alerts.map((a) => a.id)) };
        }),
      );
    },
    async serverDownAlerts() {
      const alerts = db
        .prepare<[], AlertRow>(`SELECT ${COLS} FROM alerts a WHERE a.active = 1 AND a.trigger_type = 'Server Down' AND a.type IN ('Server', 'Server Tag')`)
        .all()
        .map(toAlert);
      return alerts.map((alert) => {
        const servers = db
          .prepare<[number, string, number, string], { id: number; last_seen: number | null }>(
            // A server that registered and never uploaded counts from its registration.
            `SELECT id, coalesce(last_seen, created) AS last_seen FROM servers WHERE account_id = ? AND deleted_at IS NULL AND (
               (? = 'Server' AND id = ?) OR id IN (SELECT server_id FROM server_tag_members WHERE account_id = servers.account_id AND tag_id = CAST(? AS INTEGER)))`,
          )
          .all(alert.accountId, alert.type, Number(alert.target_id), alert.type === 'Server Tag' ? alert.target_id : '-1');
        return { alert, servers: servers.map((s) => ({ id: s.id, lastSeen: s.last_seen })) };
      });
    },
    async server(accountId, serverId) {
      return (
        stmt<[number, number], { hostname: string; capacity_mem: number }>(db, 'SELECT hostname, capacity_mem FROM servers WHERE account_id = ? AND id = ?')
          .get(accountId, serverId) ?? null
      );
    },
    async serverNames(accountId, serverIds) {
      const rows = db
        .prepare<[number, string], { id: number; hostname: string; nickname: string | null }>(
          'SELECT id, hostname, nickname FROM servers WHERE account_id = ? AND id IN (SELECT value FROM json_each(?))',
        )
        .all(accountId, JSON.stringify(serverIds));
      return new Map(rows.map((r) => [r.id, { hostname: r.hostname, nickname: r.nickname ?? '' }]));
    },
    async application(accountId, appId) {
      return db.prepare<[number, number], { name: string; template: number }>('SELECT name, template FROM applications WHERE account_id = ? AND id = ?').get(accountId, appId) ?? null;
    },
    async polledName(accountId, polledId) {
      return db.prepare<[number, number], { name: string }>('SELECT name FROM polled_data WHERE account_id = ? AND id = ?').get(accountId, polledId)?.name ?? null;
    },
    async fileLogs(accountId, serverId) {
      const rows = db
        .prepare<[number, number], { id: number; source: string }>(`SELECT id, source FROM logs WHERE account_id = ? AND server_id = ? AND source_type = 'FILE'`)
        .all(accountId, serverId);
      return new Map(rows.map((r) => [r.id, r.source]));
    },
    async serversInMaintenance(accountId, serverIds, at) {
      return serverIds.length ? maintenance.serversAt(accountId, at, serverIds) : [];
    },
    async activeSilences(accountId, at) {
      return silences.activeAt(accountId, at);
    },
    async serverScopes(accountId, serverIds) {
      return silences.serverScopes(accountId, serverIds);
    },
    async states(accountId, alertId) {
      return db
        .prepare<[number, number], { subject: number; minute: number; holds: number; streak: number; value: number | null }>(
          'SELECT subject, minute, holds, streak, value FROM alert_state WHERE account_id = ? AND alert_id = ?',
        )
        .all(accountId, alertId)
        .map((r) => ({ ...r, holds: r.holds === 1 }));
    },
    async statesOf(accountId, alertIds) {
      const rows = stmt<[number, string], { alert_id: number; subject: number; minute: number; holds: number; streak: number; value: number | null }>(
          db,
          'SELECT alert_id, subject, minute, holds, streak, value FROM alert_state WHERE account_id = ? AND alert_id IN (SELECT value FROM json_each(?)) ORDER BY alert_id, subject',
        )
        .all(accountId, JSON.stringify(alertIds));
      const out = new Map<number, SubjectState[]>(alertIds.map((id) => [id, []]));
      for (const { alert_id, holds, ...rest } of rows) out.get(alert_id)?.push({ ...rest, holds: holds === 1 });
      return out;
    },
    async incident(accountId, alertId, subject) {
      const r = db
        .prepare<[number, number, number], { history_id: number; started: number; last_notified: number; acknowledged: number }>(
          `SELECT i.history_id, i.started, i.last_notified, h.acknowledged_at IS NOT NULL AS acknowledged FROM alert_incidents i
             LEFT JOIN alert_histories h ON h.account_id = i.account_id AND h.id = i.history_id WHERE i.account_id = ? AND i.alert_id = ? AND i.subject = ?`,
        )
        .get(accountId, alertId, subject);
      return r ? { historyId: r.history_id, started: r.started, lastNotified: r.last_notified, acknowledged: r.acknowledged === 1 } : null;
    },
    async band(accountId, alertId, minute, windowSeconds) {
      // The band is of the window before this minute (partial first hour included), so a spike is
      // judged against what came before it, not against itself.
      const r = db
        .prepare<[number, number, number], { n: number | null; sum: number | null; sumsq: number | null }>(
          'SELECT SUM(n) AS n, SUM(sum) AS sum, SUM(sumsq) AS sumsq FROM alert_stats WHERE account_id = ? AND alert_id = ? AND hour > ?',
        )
        .get(accountId, alertId, minute - windowSeconds - 3600)!;
      return bandOf(r);
    },
    async recipients(accountId, userIds) {
      if (!userIds.length) return [];
      return db
        .prepare<[number, string], { id: number; email: string; country_code: number | null; phone_number: number | null }>(
          'SELECT id, email, country_code, phone_number FROM users WHERE account_id = ? AND id IN (SELECT value FROM json_each(?)) ORDER BY id',
        )
        .all(accountId, JSON.stringify(userIds))
        .map((u) => ({ id: u.id, email: u.email, phone: u.phone_number ? `+${u.country_code ?? ''}${u.phone_number}` : null }));
    },
    async ownerId(accountId) {
      return db.prepare<[number], { id: number }>('SELECT id FROM users WHERE account_id = ? AND is_account_owner = 1').get(accountId)?.id ?? null;
    },
    async claimEvaluations(worker, nowMs, leaseMs, limit, perServer) {
      return queue.claim(worker, nowMs, leaseMs, limit, perServer);
    },
    async apply(plan) {
      return apply.immediate(plan, Date.now());
    },
    async applyMany(plans) {
      return applyMany.immediate(plans, Date.now());
    },
    async releaseEvaluation(id, worker, error, retryAtMs, giveUp) {
      queue.release(id, worker, error, retryAtMs, giveUp);
    },
    async pendingEvaluations() {
      return queue.pending();
    },
    async evaluationBacklog() {
      return queue.backlog();
    },
    // One process per SQLite file: the ingest route's in-process event wakes the evaluator.
    onWork: () => async () => {},
  };
  return repo;
}
