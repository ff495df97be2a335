import { stepsColumn, toPolicyRecord, toWalk, WALK_COLS, type PolicyRow, type WalkRow } from '../common/escalation-rows';
import type { EscalationPolicyRepo, EscalationStepWrite, EscalationWalkRepo } from '../repos/escalations';
import type { Db } from './db';
import { channelMessageWriter } from './channel-outbox';
import { notificationWriter } from './outbox';

const SELECT = `SELECT p.id, p.name, p.steps, p.repeat, p.created,
  (SELECT json_group_array(a.id) FROM alerts a WHERE a.account_id = p.account_id AND a.escalation_policy = p.id) AS alerts
  FROM escalation_policies p`;

export function sqliteEscalationPolicies(db: Db): EscalationPolicyRepo {
  const byId = db.prepare<[number, number], PolicyRow>(`${SELECT} WHERE p.account_id = ? AND p.id = ?`);
  const users = db.prepare<[number, string], { id: number }>('SELECT id FROM users WHERE account_id = ? AND id IN (SELECT value FROM json_each(?))');
  const usedBy = db.prepare<[number, number], { id: number; name: string }>('SELECT id, name FROM alerts WHERE account_id = ? AND escalation_policy = ? ORDER BY id');
  const remove = db.transaction((accountId: number, id: number) => {
    const alerts = usedBy.all(accountId, id);
    if (alerts.length) return { kind: 'in_use' as const, alerts };
    return db.prepare('DELETE FROM escalation_policies WHERE account_id = ? AND id = ?').run(accountId, id).changes ? { kind: 'deleted' as const } : { kind: 'missing' as const };
  });
  return {
    async list(accountId, paging) {
      const total = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM escalation_policies WHERE account_id = ?').get(accountId)!.n;
      const rows = db.prepare<[number, number, number], PolicyRow>(`${SELECT} WHERE p.account_id = ? ORDER BY p.id LIMIT ? OFFSET ?`).all(accountId, paging.limit, paging.page * paging.limit);
      return { total, items: rows.map(toPolicyRecord) };
    },
    async get(accountId, id) {
      const r = byId.get(accountId, id);
      return r ? toPolicyRecord(r) : null;
    },
    async create(accountId, w, created) {
      const id = Number(
        db.prepare('INSERT INTO escalation_policies (account_id, name, steps, repeat, created) VALUES (?, ?, ?, ?, ?)').run(accountId, w.name, stepsColumn(w.steps), w.repeat, created)
          .lastInsertRowid,
      );
      return toPolicyRecord(byId.get(accountId, id)!);
    },
    async update(accountId, id, w) {
      const n = db.prepare('UPDATE escalation_policies SET name = ?, steps = ?, repeat = ? WHERE account_id = ? AND id = ?').run(w.name, stepsColumn(w.steps), w.repeat, accountId, id).changes;
      return n ? toPolicyRecord(byId.get(accountId, id)!) : null;
    },
    async delete(accountId, id) {
      return remove.immediate(accountId, id);
    },
    async missingUsers(accountId, ids) {
      const found = new Set(users.all(accountId, JSON.stringify(ids)).map((r) => r.id));
      return [...new Set(ids)].filter((id) => !found.has(id)).sort((a, b) => a - b);
    },
  };
}

/** Starts an incident's walk inside the transaction that starts the incident (incidents.ts). */
export function walkStarter(db: Db) {
  const insert = db.prepare(`INSERT OR IGNORE INTO incident_escalations (account_id, history_id, alert_id, policy_id, step, pass, started_at, due_at)
    SELECT ?, ?, ?, id, 0, 0, ?, ? FROM escalation_policies WHERE account_id = ? AND id = ?`);
  return (accountId: number, historyId: number, alertId: number, e: { policyId: number; startedAt: number; dueAt: number }) =>
    insert.run(accountId, historyId, alertId, e.startedAt, e.dueAt, accountId, e.policyId).changes > 0;
}

/** Ends an incident's walk inside the transaction that ends the incident. */
export const walkEnder = (db: Db) => {
  const del = db.prepare('DELETE FROM incident_escalations WHERE account_id = ? AND history_id = ?');
  return (accountId: number, historyId: number) => void del.run(accountId, historyId);
};

// A walk is due while its incident is unacknowledged; one whose incident ended without the engine (its
// alert was deleted) is due too, to be dropped by take.
const DUE = `JOIN alert_histories h ON h.account_id = w.account_id AND h.id = w.history_id AND (h.acknowledged_at IS NULL OR h."end" IS NOT NULL)`;

export function sqliteEscalationWalks(db: Db): EscalationWalkRepo {
  const due = db.prepare<[number, number], WalkRow>(`SELECT ${WALK_COLS} FROM incident_escalations w ${DUE} WHERE w.due_at <= ? ORDER BY w.due_at, w.account_id, w.history_id LIMIT ?`);
  const one = db.prepare<[number, number], WalkRow>(`SELECT ${WALK_COLS} FROM incident_escalations w WHERE w.account_id = ? AND w.history_id = ?`);
  const incident = db.prepare<[number, number], { end: number | null; acknowledged_at: number | null }>('SELECT "end", acknowledged_at FROM alert_histories WHERE account_id = ? AND id = ?');
  const drop = walkEnder(db);
  const advance = db.prepare('UPDATE incident_escalations SET step = ?, pass = ?, due_at = ? WHERE account_id = ? AND history_id = ? AND step = ? AND pass = ?');
  const finish = db.prepare('DELETE FROM incident_escalations WHERE account_id = ? AND history_id = ? AND step = ? AND pass = ?');
  const event = db.prepare(`INSERT INTO incident_events (account_id, history_id, kind, user_id, data, at) VALUES (?, ?, 'escalated', NULL, ?, ?)`);
  const notify = notificationWriter(db);
  const tell = channelMessageWriter(db);
  const toldChannels = db.prepare<[number, number], { channel_id: number }>(
    "SELECT DISTINCT channel_id FROM channel_messages WHERE account_id = ? AND alert_history_id = ? AND event = 'TRIGGERED' AND state <> 'silenced' ORDER BY channel_id",
  );
  const told = db.prepare<[number, number], { id: number; email: string; phone: null }>(`SELECT user_id AS id, MIN(recipient) AS email, NULL AS phone FROM notifications
    WHERE account_id = ? AND alert_history_id = ? AND channel = 'email' AND event IN ('TRIGGERED', 'ESCALATION') AND state <> 'silenced' GROUP BY user_id ORDER BY user_id`);
  // One step, all or nothing: the conditional move on (step, pass) is what keeps two processes, or a
  // repeat after a crash, from taking the same step twice.
  const take = db.transaction((s: EscalationStepWrite): boolean => {
    const w = s.walk;
    const h = incident.get(w.accountId, w.historyId);
    if (!h || h.end !== null) {
      drop(w.accountId, w.historyId);
      return false;
    }
    if (h.acknowledged_at !== null) return false;
    const moved = s.next
      ? advance.run(s.next.step, s.next.pass, s.next.dueAt, w.accountId, w.historyId, w.step, w.pass).changes
      : finish.run(w.accountId, w.historyId, w.step, w.pass).changes;
    if (!moved) return false;
    notify(w.accountId, s.notifications, s.nowMs);
    tell(w.accountId, s.channelMessages, s.nowMs);
    if (s.event) event.run(w.accountId, w.historyId, JSON.stringify(s.event), s.at);
    return true;
  });
  return {
    async due(now, limit) {
      return due.all(now, limit).map(toWalk);
    },
    async get(accountId, historyId) {
      const r = one.get(accountId, historyId);
      return r ? toWalk(r) : null;
    },
    async take(s) {
      return take.immediate(s);
    },
    async told(accountId, historyId) {
      return { people: told.all(accountId, historyId), channels: toldChannels.all(accountId, historyId).map((r) => r.channel_id) };
    },
  };
}
