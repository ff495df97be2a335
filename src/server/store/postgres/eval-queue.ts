import { ALERT_TYPES } from '../../../shared/alerts';
import type { EvaluationBacklog, EvaluationItem } from '../repos/alert-engine';
import type { EvaluationPayloadOf } from '../repos/telemetry';
import { named, type Pg, type Sql, type Tx } from './db';

/** NOTIFY channel of the evaluation queue: ingest wakes idle evaluators after its commit (wakeups.ts). */
export const EVAL_CHANNEL = 'fw_eval';

/** Every alert type, the parameter of activeTypesSql. */
export const ALERT_TYPE_LIST: readonly string[] = [...ALERT_TYPES];

/**
 * A scalar subquery: those of the types in the text[] parameter `types` that an active alert of the
 * account `account` has, in the order given. One index seek per type (alerts_engine_target), not a
 * DISTINCT over every alert of the account. Ingest reads it in its first statement (no round trip of its own).
 */
export const activeTypesSql = (account: string, types: string) => `(SELECT coalesce(array_agg(t.type ORDER BY t.o), '{}')
  FROM unnest(${types}::text[]) WITH ORDINALITY AS t(type, o)
  WHERE EXISTS (SELECT 1 FROM alerts a WHERE a.account_id = ${account} AND a.active AND a.type = t.type))`;

const ADD = named(`WITH q AS (INSERT INTO eval_queue (account_id, server_id, minute, batch_id, received_ms) VALUES ($1, $2, $3, $4, $5) RETURNING account_id, id)
  INSERT INTO eval_payloads (account_id, item_id, payload) SELECT account_id, id, $6 FROM q`);

/**
 * Queues a stored batch for evaluation with the payload `payload` makes for the account's active alert
 * types `activeTypes` (read in the same transaction, see activeTypesSql), inside the ingest
 * transaction `tx`; answers false when nothing was queued. Once `tx` has committed, the caller wakes
 * idle evaluators (wakeListeners with EVAL_CHANNEL). The PostgreSQL twin of SQLite's `evalQueue(db).add`.
 */
export async function addEvaluation(
  tx: Tx,
  accountId: number,
  serverId: number,
  minute: number,
  batchId: string,
  payload: EvaluationPayloadOf,
  activeTypes: string[],
  receivedMs: number,
): Promise<boolean> {
  const body = payload(activeTypes);
  if (body === null) return false;
  await tx.exec(ADD, [accountId, serverId, minute, batchId, receivedMs, body]);
  return true;
}

interface Candidate {
  id: number;
  account_id: number;
  server_id: number;
  minute: number;
  received_ms: number;
  attempts: number;
}

// Per server: its pending items ranked by minute; a server none of whose items a worker holds under a
// running lease gives its first `per` items, answered rank by rank (every server's oldest, then every
// server's next), so each server's minutes come in order and servers take turns. $4/$5 scope it to
// the servers this claim has locked.
const candidatesSql = (scoped: boolean) => `
  WITH ranked AS (
    SELECT id, account_id, server_id, minute, received_ms, attempts, lease_until,
           ROW_NUMBER() OVER (PARTITION BY account_id, server_id ORDER BY minute, id) AS rk
      FROM eval_queue WHERE state = 'pending'
      ${scoped ? 'AND (account_id, server_id) IN (SELECT * FROM unnest($4::bigint[], $5::bigint[]))' : ''}),
  busy AS (SELECT DISTINCT account_id, server_id FROM ranked WHERE lease_until >= $1)
  SELECT r.id, r.account_id, r.server_id, r.minute, r.received_ms, r.attempts FROM ranked r
   WHERE r.rk <= $2 AND (r.lease_until IS NULL OR r.lease_until < $1)
     AND NOT EXISTS (SELECT 1 FROM busy b WHERE b.account_id = r.account_id AND b.server_id = r.server_id)
   ORDER BY r.rk, r.id LIMIT $3`;
const CANDIDATES = named(candidatesSql(false));
const CANDIDATES_OF = named(candidatesSql(true));

const serverKey = (r: { account_id: number; server_id: number }) => `${r.account_id}:${r.server_id}`;

/**
 * Claims items for `worker` (see AlertEngineRepo.claimEvaluations). Claims of one server are serialized
 * by a transaction-scoped advisory lock taken with try (a server another claim is taking is skipped, never
 * waited for); under it the busy check reads every committed lease. The items are then locked FOR
 * UPDATE SKIP LOCKED, and of each server only the run of its oldest items that could be locked is taken,
 * so a row held by a late holder's completion or release never lets a later minute go first.
 */
export async function claimEvaluations(pg: Pg, worker: string, nowMs: number, leaseMs: number, limit: number, per: number): Promise<EvaluationItem[]> {
  return pg.tx(async (tx) => {
    const first = await tx.rows<Candidate>(CANDIDATES, [nowMs, per, limit]);
    if (!first.length) return [];
    const servers = [...new Map(first.map((r) => [serverKey(r), r])).values()];
    const locked = await tx.rows<{ a: number; s: number }>(
      `SELECT a, s FROM unnest($1::bigint[], $2::bigint[]) WITH ORDINALITY AS t(a, s, o)
        WHERE pg_try_advisory_xact_lock(hashtextextended('fw_eval:' || a || ':' || s, 0)) ORDER BY o`,
      [servers.map((r) => r.account_id), servers.map((r) => r.server_id)],
    );
    if (!locked.length) return [];
    const rows = await tx.rows<Candidate>(CANDIDATES_OF, [nowMs, per, limit, locked.map((l) => l.a), locked.map((l) => l.s)]);
    if (!rows.length) return [];
    const got = new Set(
      (
        await tx.rows<{ id: number }>(
          `SELECT id FROM eval_queue WHERE id = ANY($1::bigint[]) AND state = 'pending' AND (lease_until IS NULL OR lease_until < $2)
            FOR UPDATE SKIP LOCKED`,
          [rows.map((r) => r.id), nowMs],
        )
      ).map((r) => r.id),
    );
    const stopped = new Set<string>();
    const taken = rows.filter((r) => {
      const k = serverKey(r);
      if (stopped.has(k) || !got.has(r.id)) {
        stopped.add(k);
        return false;
      }
      return true;
    });
    if (!taken.length) return [];
    const ids = taken.map((r) => r.id);
    await tx.exec('UPDATE eval_queue SET claimed_by = $1, lease_until = $2, attempts = attempts + 1 WHERE id = ANY($3::bigint[])', [worker, nowMs + leaseMs, ids]);
    const payloads = new Map(
      (
        await tx.rows<{ item_id: number; payload: string }>(
          'SELECT item_id, payload FROM eval_payloads WHERE (account_id, item_id) IN (SELECT * FROM unnest($1::bigint[], $2::bigint[]))',
          [taken.map((r) => r.account_id), ids],
        )
      ).map((p) => [p.item_id, p.payload]),
    );
    return taken.map((r) => ({
      id: r.id,
      accountId: r.account_id,
      serverId: r.server_id,
      minute: r.minute,
      payload: payloads.get(r.id) ?? '',
      receivedMs: r.received_ms,
      attempts: r.attempts + 1,
    }));
  });
}

/** Gives an item back after an error: retried after `retryAtMs`, or failed when `giveUp`. Only its holder may. */
export async function releaseEvaluation(sql: Sql, id: number, worker: string, error: string, retryAtMs: number, giveUp: boolean): Promise<void> {
  await sql.exec(
    `UPDATE eval_queue SET claimed_by = NULL, lease_until = $3, error = $4, state = CASE WHEN $5 THEN 'failed' ELSE 'pending' END
      WHERE id = $1 AND claimed_by = $2`,
    [id, worker, retryAtMs, error, giveUp],
  );
}

/** Items pending across accounts and the oldest one's reception (epoch ms), for /metrics. */
export async function evaluationBacklog(sql: Sql): Promise<EvaluationBacklog> {
  const r = (await sql.row<{ n: number; oldest: number | null }>(`SELECT COUNT(*) AS n, MIN(received_ms) AS oldest FROM eval_queue WHERE state = 'pending'`))!;
  return { pending: r.n, oldestReceivedMs: r.oldest };
}

/** Items not yet evaluated (failed ones excluded). */
export async function pendingEvaluations(sql: Sql): Promise<number> {
  return (await sql.row<{ n: number }>(`SELECT COUNT(*) AS n FROM eval_queue WHERE state = 'pending'`))!.n;
}
