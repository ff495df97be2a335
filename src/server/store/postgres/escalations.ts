import { stepsColumn, toPolicyRecord, toWalk, WALK_COLS, type PolicyRow, type WalkRow } from '../common/escalation-rows';
import type { EscalationPolicyRepo, EscalationWalkRepo } from '../repos/escalations';
import type { Pg, Sql } from './db';
import { enqueueChannelMessages } from './channel-outbox';
import { enqueueNotifications } from './outbox';
import { missingIds } from './util';

const SELECT = `SELECT p.id, p.name, p.steps, p.repeat, p.created,
  (SELECT array_agg(a.id) FROM alerts a WHERE a.account_id = p.account_id AND a.escalation_policy = p.id) AS alerts
  FROM escalation_policies p`;

/** PostgreSQL's foreign_key_violation: an alert named the policy between the check and the delete. */
const isForeignKeyViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: string }).code === '23503';

export function pgEscalationPolicies(pg: Pg): EscalationPolicyRepo {
  const byId = async (sql: Sql, accountId: number, id: number) => {
    const r = Number.isSafeInteger(id) ? await sql.row<PolicyRow>(`${SELECT} WHERE p.account_id = $1 AND p.id = $2`, [accountId, id]) : null;
    return r ? toPolicyRecord(r) : null;
  };
  const usedBy = (sql: Sql, accountId: number, id: number) =>
    sql.rows<{ id: number; name: string }>('SELECT id, name FROM alerts WHERE account_id = $1 AND escalation_policy = $2 ORDER BY id', [accountId, id]);
  return {
    async list(accountId, paging) {
      const total = (await pg.row<{ n: number }>('SELECT COUNT(*) AS n FROM escalation_policies WHERE account_id = $1', [accountId]))!.n;
      const rows = await pg.rows<PolicyRow>(`${SELECT} WHERE p.account_id = $1 ORDER BY p.id LIMIT $2 OFFSET $3`, [accountId, paging.limit, paging.page * paging.limit]);
      return { total, items: rows.map(toPolicyRecord) };
    },
    get: (accountId, id) => byId(pg, accountId, id),
    async create(accountId, w, created) {
      const r = await pg.row<{ id: number }>('INSERT INTO escalation_policies (account_id, name, steps, repeat, created) VALUES ($1, $2, $3::jsonb, $4, $5) RETURNING id', [
        accountId, w.name, stepsColumn(w.steps), w.repeat, created,
      ]);
      return (await byId(pg, accountId, r!.id))!;
    },
    async update(accountId, id, w) {
      if (!Number.isSafeInteger(id)) return null;
      const n = await pg.exec('UPDATE escalation_policies SET name = $3, steps = $4::jsonb, repeat = $5 WHERE account_id = $1 AND id = $2', [accountId, id, w.name, stepsColumn(w.steps), w.repeat]);
      return n ? byId(pg, accountId, id) : null;
    },
    async delete(accountId, id) {
      if (!Number.isSafeInteger(id)) return { kind: 'missing' };
      try {
        return await pg.tx(async (tx) => {
          const alerts = await usedBy(tx, accountId, id);
          if (alerts.length) return { kind: 'in_use' as const, alerts };
          const n = await tx.exec('DELETE FROM escalation_policies WHERE account_id = $1 AND id = $2', [accountId, id]);
          return n ? { kind: 'deleted' as const } : { kind: 'missing' as const };
        });
      } catch (e) {
        if (!isForeignKeyViolation(e)) throw e;
        return { kind: 'in_use', alerts: await usedBy(pg, accountId, id) };
      }
    },
    missingUsers: (accountId, ids) => missingIds(pg, 'users', accountId, ids),
  };
}

/** Starts an incident's walk inside the transaction that starts the incident (incidents.ts). */
export async function startWalk(tx: Sql, accountId: number, historyId: number, alertId: number, e: { policyId: number; startedAt: number; dueAt: number }): Promise<boolean> {
  const n = await tx.exec(
    `INSERT INTO incident_escalations (account_id, history_id, alert_id, policy_id, step, pass, started_at, due_at)
     SELECT $1, $2, $3, id, 0, 0, $4, $5 FROM escalation_policies WHERE account_id = $1 AND id = $6
     ON CONFLICT (account_id, history_id) DO NOTHING`,
    [accountId, historyId, alertId, e.startedAt, e.dueAt, e.policyId],
  );
  return n > 0;
}

/** Ends an incident's walk inside the transaction that ends the incident. */
export const endWalk = (tx: Sql, accountId: number, historyId: number) => tx.exec('DELETE FROM incident_escalations WHERE account_id = $1 AND history_id = $2', [accountId, historyId]);

export function pgEscalationWalks(pg: Pg): EscalationWalkRepo {
  return {
    async due(now, limit) {
      const rows = await pg.rows<WalkRow>(
        `SELECT ${WALK_COLS} FROM incident_escalations w
           JOIN alert_histories h ON h.account_id = w.account_id AND h.id = w.history_id AND (h.acknowledged_at IS NULL OR h."end" IS NOT NULL)
          WHERE w.due_at <= $1 ORDER BY w.due_at, w.account_id, w.history_id LIMIT $2`,
        [now, limit],
      );
      return rows.map(toWalk);
    },
    async get(accountId, historyId) {
      const r = await pg.row<WalkRow>(`SELECT ${WALK_COLS} FROM incident_escalations w WHERE w.account_id = $1 AND w.history_id = $2`, [accountId, historyId]);
      return r ? toWalk(r) : null;
    },
    async told(accountId, historyId) {
      const [people, channels] = await Promise.all([
        pg.rows<{ id: number; email: string; phone: null }>(
          `SELECT user_id AS id, MIN(recipient) AS email, NULL AS phone FROM notifications
            WHERE account_id = $1 AND alert_history_id = $2 AND channel = 'email' AND event IN ('TRIGGERED', 'ESCALATION') AND state <> 'silenced'
            GROUP BY user_id ORDER BY user_id`,
          [accountId, historyId],
        ),
        pg.rows<{ channel_id: number }>(
          "SELECT DISTINCT channel_id FROM channel_messages WHERE account_id = $1 AND alert_history_id = $2 AND event = 'TRIGGERED' AND state <> 'silenced' ORDER BY channel_id",
          [accountId, historyId],
        ),
      ]);
      return { people, channels: channels.map((r) => r.channel_id) };
    },
    take: (s) =>
      pg.tx(async (tx) => {
        const w = s.walk;
        // The history's row is locked as an acknowledgement locks it: the two take turns, so a step never
        // goes out after the acknowledgement that should have stopped it committed.
        const h = await tx.row<{ end: number | null; acknowledged_at: number | null }>(
          'SELECT "end", acknowledged_at FROM alert_histories WHERE account_id = $1 AND id = $2 FOR NO KEY UPDATE',
          [w.accountId, w.historyId],
        );
        // An incident that ended without the engine (its alert was deleted) drops its walk.
        if (!h || h.end !== null) {
          await endWalk(tx, w.accountId, w.historyId);
          return false;
        }
        if (h.acknowledged_at !== null) return false;
        // Conditional on (step, pass): of two processes taking the same step, the second waits for the
        // first's row lock, then finds the walk moved on and writes nothing.
        const moved = s.next
          ? await tx.exec('UPDATE incident_escalations SET step = $3, pass = $4, due_at = $5 WHERE account_id = $1 AND history_id = $2 AND step = $6 AND pass = $7', [
              w.accountId, w.historyId, s.next.step, s.next.pass, s.next.dueAt, w.step, w.pass,
            ])
          : await tx.exec('DELETE FROM incident_escalations WHERE account_id = $1 AND history_id = $2 AND step = $3 AND pass = $4', [w.accountId, w.historyId, w.step, w.pass]);
        if (!moved) return false;
        await enqueueNotifications(tx, w.accountId, s.notifications, s.nowMs);
        await enqueueChannelMessages(tx, w.accountId, s.channelMessages, s.nowMs);
        if (s.event) {
          await tx.exec(`INSERT INTO incident_events (account_id, history_id, kind, user_id, data, at) VALUES ($1, $2, 'escalated', NULL, $3::jsonb, $4)`, [
            w.accountId, w.historyId, JSON.stringify(s.event), s.at,
          ]);
        }
        return true;
      }),
  };
}
