import type { AppliedEvaluation, EvaluationPlan, SubjectState } from '../repos/alert-engine';
import { named, type Pg, type Tx } from './db';
import { writeAlertEffects } from './incidents';

const none = (): AppliedEvaluation => ({ leaseLost: false, started: 0, ended: 0, callbacks: 0, notifications: 0 });

const COMPLETE = named(`DELETE FROM eval_queue q USING unnest($1::bigint[], $2::bigint[], $3::text[]) AS t(a, id, w)
  WHERE q.account_id = t.a AND q.id = t.id AND q.claimed_by = t.w RETURNING q.id`);

// The live alerts among $1/$2 locked, and the states $3.. of those written (the last of a key wins).
const STATES = named(`WITH live AS (
    SELECT a.account_id, a.id FROM alerts a JOIN (SELECT DISTINCT * FROM unnest($1::bigint[], $2::bigint[])) AS t(acc, id)
      ON a.account_id = t.acc AND a.id = t.id ORDER BY a.account_id, a.id FOR KEY SHARE OF a),
  s AS (
    INSERT INTO alert_state (account_id, alert_id, subject, minute, holds, streak, value)
    SELECT DISTINCT ON (u.acc, u.id, u.subject) u.acc, u.id, u.subject, u.minute, u.holds, u.streak, u.value
      FROM unnest($3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::boolean[], $8::bigint[], $9::float8[])
        WITH ORDINALITY AS u(acc, id, subject, minute, holds, streak, value, o)
      JOIN live l ON l.account_id = u.acc AND l.id = u.id
     ORDER BY u.acc, u.id, u.subject, u.o DESC
    ON CONFLICT (account_id, alert_id, subject) DO UPDATE
      SET minute = excluded.minute, holds = excluded.holds, streak = excluded.streak, value = excluded.value)
  SELECT account_id, id FROM live`);

/**
 * Completes the plans' items held by their workers, in one statement: the DELETE locks each row as the
 * holder check did (a claim taking an item over after its lease waits for this transaction, or has
 * already moved `claimed_by` and the row is not deleted). Answers the indexes of the plans to write.
 */
async function completeHeld(tx: Tx, plans: readonly EvaluationPlan[]): Promise<Set<number>> {
  const held = new Set<number>();
  const items = plans.flatMap((p, i) => (p.item ? [{ i, a: p.accountId, ...p.item }] : []));
  plans.forEach((p, i) => !p.item && held.add(i));
  if (!items.length) return held;
  const done = await tx.rows<{ id: number }>(COMPLETE, [items.map((t) => t.a), items.map((t) => t.id), items.map((t) => t.worker)]);
  const ids = new Set(done.map((r) => r.id));
  for (const t of items) if (ids.has(t.id)) held.add(t.i);
  return held;
}

/**
 * Locks the plans' alerts that still exist (FOR KEY SHARE: an alert deleted since the decision has
 * nothing left to write, and stays until this transaction ends) and writes their subjects' states, in
 * one statement. Of two states of one alert and subject, the later plan's is written, as applying
 * the plans one after the other would leave it. Answers the live alerts as "account:alert".
 */
async function writeStates(tx: Tx, plans: readonly EvaluationPlan[]): Promise<Set<string>> {
  const alerts = plans.flatMap((p) => p.alerts.map((a) => ({ account: p.accountId, id: a.alertId })));
  if (!alerts.length) return new Set();
  const states = plans.flatMap((p) => p.alerts.flatMap((a) => (a.state ? [{ account: p.accountId, id: a.alertId, s: a.state }] : [])));
  const col = <T>(f: (x: { account: number; id: number; s: SubjectState }) => T) => states.map(f);
  const live = await tx.rows<{ account_id: number; id: number }>(STATES, [
    alerts.map((a) => a.account), alerts.map((a) => a.id),
    col((x) => x.account), col((x) => x.id), col((x) => x.s.subject), col((x) => x.s.minute), col((x) => x.s.holds), col((x) => x.s.streak), col((x) => x.s.value),
  ]);
  return new Set(live.map((r) => `${r.account_id}:${r.id}`));
}

/**
 * Applies evaluation plans in one transaction, each as AlertEngineRepo.apply would (a plan whose item
 * another worker holds now writes nothing and answers leaseLost), in a few statements whatever their
 * number: the items' completion, the states, then each out-of-band sample and incident step in order.
 */
export async function applyPlans(pg: Pg, plans: readonly EvaluationPlan[]): Promise<AppliedEvaluation[]> {
  if (!plans.length) return [];
  const nowMs = Date.now();
  return pg.tx(async (tx) => {
    const held = await completeHeld(tx, plans);
    const writing = plans.filter((_, i) => held.has(i));
    const live = await writeStates(tx, writing);
    const out: AppliedEvaluation[] = [];
    for (const [i, plan] of plans.entries()) {
      const r = none();
      out.push(r);
      if (!held.has(i)) {
        r.leaseLost = true;
        continue;
      }
      for (const a of plan.alerts) {
        if (!live.has(`${plan.accountId}:${a.alertId}`)) continue;
        const w = await writeAlertEffects(tx, plan.accountId, a, nowMs);
        if (!w) continue;
        if (w.kind === 'start') r.started++;
        if (w.kind === 'end') r.ended++;
        r.callbacks += w.queued;
        r.notifications += w.notified;
      }
    }
    return out;
  });
}
