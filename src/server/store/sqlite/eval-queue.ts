import type { EvaluationItem } from '../repos/alert-engine';
import type { EvaluationPayloadOf } from '../repos/telemetry';
import { ALERT_TYPES } from '../../../shared/alerts';

const TYPES = JSON.stringify(ALERT_TYPES);
import type { Db } from './db';

interface ItemRow {
  id: number;
  account_id: number;
  server_id: number;
  minute: number;
  received_ms: number;
  attempts: number;
}

/**
 * The evaluation queue. Ingest writes an item in the batch's own transaction (the batch as uploaded,
 * so the engine sees exactly what was stored, with no second read of the telemetry tables); the item
 * is deleted in the transaction that writes its effects.
 */
/** The queue of one database (statements prepared once). */
export function evalQueue(db: Db) {
  const known = queues.get(db);
  if (known) return known;
  const q = makeQueue(db);
  queues.set(db, q);
  return q;
}

const queues = new WeakMap<Db, ReturnType<typeof makeQueue>>();

function makeQueue(db: Db) {
  const insert = db.prepare('INSERT INTO eval_queue (account_id, server_id, minute, batch_id, received_ms) VALUES (?, ?, ?, ?, ?)');
  const insertPayload = db.prepare('INSERT INTO eval_payloads (item_id, account_id, payload) VALUES (?, ?, ?)');
  const payloadOf = db.prepare<[number], { payload: string }>('SELECT payload FROM eval_payloads WHERE item_id = ?');
  const remove = db.prepare('DELETE FROM eval_queue WHERE id = ? AND claimed_by = ?');
  const removePayload = db.prepare('DELETE FROM eval_payloads WHERE item_id = ?');
  // One index seek per alert type (alerts_engine_target), not a DISTINCT over every alert of the account.
  const activeTypes = db.prepare<{ a: number; types: string }, { type: string }>(
    `SELECT t.value AS type FROM json_each(@types) t
      WHERE EXISTS (SELECT 1 FROM alerts a WHERE a.account_id = @a AND a.active = 1 AND a.type = t.value)`,
  );
  // Per server: its pending items ranked by minute; a server none of whose items another worker holds
  // under a running lease gives its first `per` items. They are answered rank by rank (every server's
  // oldest, then every server's next), so each server's minutes come in order and servers take turns.
  const candidates = db.prepare<{ now: number; per: number; limit: number }, ItemRow>(`
    WITH ranked AS (
      SELECT id, account_id, server_id, minute, received_ms, attempts, claimed_by, lease_until,
             ROW_NUMBER() OVER (PARTITION BY account_id, server_id ORDER BY minute, id) AS rk
        FROM eval_queue WHERE state = 'pending'),
    busy AS (SELECT DISTINCT account_id, server_id FROM ranked WHERE lease_until >= @now)
    SELECT r.id, r.account_id, r.server_id, r.minute, r.received_ms, r.attempts FROM ranked r
     WHERE r.rk <= @per AND (r.lease_until IS NULL OR r.lease_until < @now)
       AND NOT EXISTS (SELECT 1 FROM busy b WHERE b.account_id = r.account_id AND b.server_id = r.server_id)
     ORDER BY r.rk, r.id LIMIT @limit`);
  const take = db.prepare('UPDATE eval_queue SET claimed_by = ?, lease_until = ?, attempts = attempts + 1 WHERE id = ?');
  const claim = db.transaction((worker: string, nowMs: number, leaseMs: number, limit: number, per: number): EvaluationItem[] => {
    const rows = candidates.all({ now: nowMs, per, limit });
    for (const r of rows) take.run(worker, nowMs + leaseMs, r.id);
    return rows.map((r) => ({
      id: r.id,
      accountId: r.account_id,
      serverId: r.server_id,
      minute: r.minute,
      payload: payloadOf.get(r.id)?.payload ?? '',
      receivedMs: r.received_ms,
      attempts: r.attempts + 1,
    }));
  });
  const release = db.prepare(`UPDATE eval_queue SET claimed_by = NULL, lease_until = @retry, error = @error,
      state = CASE WHEN @giveUp THEN 'failed' ELSE 'pending' END WHERE id = @id AND claimed_by = @worker`);

  return {
    /**
     * Queues a stored batch for evaluation with the payload `payload` makes for the account's active
     * alert types (none: nothing queued). Runs in the caller's transaction.
     */
    add(accountId: number, serverId: number, minute: number, batchId: string, payload: EvaluationPayloadOf, receivedMs: number): void {
      const body = payload(activeTypes.all({ a: accountId, types: TYPES }).map((r) => r.type));
      if (body === null) return;
      const id = insert.run(accountId, serverId, minute, batchId, receivedMs).lastInsertRowid;
      insertPayload.run(id, accountId, body);
    },
    claim: (worker: string, nowMs: number, leaseMs: number, limit: number, per: number) => claim.immediate(worker, nowMs, leaseMs, limit, per),
    release(id: number, worker: string, error: string, retryAtMs: number, giveUp: boolean) {
      release.run({ id, worker, error, retry: retryAtMs, giveUp: giveUp ? 1 : 0 });
    },
    pending: () => db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM eval_queue WHERE state = 'pending'`).get()!.n,
    backlog: () => {
      const r = db.prepare<[], { n: number; oldest: number | null }>(`SELECT COUNT(*) AS n, MIN(received_ms) AS oldest FROM eval_queue WHERE state = 'pending'`).get()!;
      return { pending: r.n, oldestReceivedMs: r.oldest };
    },
    /** Completes an item held by `worker`, inside the caller's transaction; false when another worker holds it now. */
    complete(id: number, worker: string): boolean {
      if (remove.run(id, worker).changes === 0) return false;
      removePayload.run(id);
      return true;
    },
  };
}
