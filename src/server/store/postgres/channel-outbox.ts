import { randomUUID } from 'node:crypto';
import { channelTakes, type ChannelType } from '../../../shared/channels';
import {
  CHANNEL_INCIDENT_SELECT,
  channelHost,
  toChannel,
  toChannelIncident,
  toChannelMessage,
  type ChannelIncidentRow,
  type ChannelMessageRow,
  type ChannelRow,
} from '../common/channel-rows';
import type { ChannelMessage } from '../repos/channels';
import type { ChannelSendContext, ClaimQuery, JobResult, NewChannelMessage } from '../repos/outbox';
import type { Pg, Sql, Tx } from './db';

const INTERRUPTED = 'interrupted: the worker stopped during the attempt (its lease expired); retried with the same delivery id';

/**
 * Writes channel messages to the outbox with `sql`, the caller's transaction (an incident step, an
 * acknowledgement, an escalation step); wakes idle dispatchers on commit. A channel that is gone or does
 * not take the event gets nothing; a silenced message is recorded, never sent.
 */
export async function enqueueChannelMessages(sql: Sql, accountId: number, items: readonly NewChannelMessage[], nowMs: number): Promise<ChannelMessage[]> {
  const out: ChannelMessage[] = [];
  for (const m of items) {
    const c = await sql.row<{ type: ChannelType; name: string }>('SELECT type, name FROM channels WHERE account_id = $1 AND id = $2', [accountId, m.channelId]);
    if (!c || !channelTakes(c.type, m.event)) continue;
    const row = await sql.row<ChannelMessageRow>(
      `INSERT INTO channel_messages (account_id, channel_id, channel_type, channel_name, alert_id, alert_history_id, event, state,
         delivery_id, next_attempt_at, created, host) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11) RETURNING *`,
      [accountId, m.channelId, c.type, c.name, m.alertId, m.historyId, m.event, m.silenced ? 'silenced' : 'pending', randomUUID(), nowMs, channelHost(m.channelId)],
    );
    out.push(toChannelMessage(row!));
  }
  if (out.some((m) => m.state === 'pending')) await sql.exec(`SELECT pg_notify('fw_outbox', '')`);
  return out;
}

// Due messages, fairly per channel (at most perHost in flight counting running claims); a message waits
// while an older one of the same incident and channel is pending, so an acknowledge never overtakes its trigger.
const DUE = (scoped: boolean) => `
  SELECT * FROM (
    SELECT t.*, ROW_NUMBER() OVER (PARTITION BY t.host ORDER BY t.next_attempt_at, t.id) AS host_rank
      FROM channel_messages t WHERE t.state = 'pending' AND t.claimed_by IS NULL AND t.next_attempt_at <= $1
       AND NOT EXISTS (SELECT 1 FROM channel_messages o WHERE o.account_id = t.account_id AND o.channel_id = t.channel_id
         AND o.alert_history_id = t.alert_history_id AND o.id < t.id AND o.state = 'pending')
       ${scoped ? 'AND t.host = ANY($4::text[])' : ''}) d
   WHERE host_rank <= $2 - (SELECT COUNT(*) FROM channel_messages f WHERE f.state = 'pending' AND f.host = d.host AND f.claimed_by IS NOT NULL)
   ORDER BY next_attempt_at, id LIMIT $3`;

/**
 * The channel part of the outbox claim inside its transaction: attempts cut by a crash are logged, then
 * due messages taken. Claims of a channel are serialized by a transaction-scoped advisory lock taken
 * with try (a channel another claim is taking is left to it), rows re-read under it, locked SKIP LOCKED.
 */
export async function claimChannelMessages(tx: Tx, q: ClaimQuery, limit: number): Promise<ChannelMessage[]> {
  await tx.exec(
    `WITH x AS (SELECT account_id, id FROM channel_messages WHERE state = 'pending' AND claimed_by IS NOT NULL AND lease_until < $1 FOR UPDATE SKIP LOCKED),
     logged AS (INSERT INTO channel_attempts (account_id, message, attempt, at, error, latency_ms)
       SELECT x.account_id, x.id, (SELECT COUNT(*) + 1 FROM channel_attempts l WHERE l.account_id = x.account_id AND l.message = x.id), $1, $2, 0 FROM x)
     UPDATE channel_messages d SET attempts = d.attempts + 1, claimed_by = NULL, lease_until = NULL, last_error = $2, next_attempt_at = $1,
       state = CASE WHEN d.attempts + 1 >= $3 THEN 'failed' ELSE 'pending' END
      FROM x WHERE d.account_id = x.account_id AND d.id = x.id`,
    [q.nowMs, INTERRUPTED, q.maxAttempts],
  );
  if (limit <= 0) return [];
  const seen = await tx.rows<ChannelMessageRow & { host: string }>(DUE(false), [q.nowMs, q.perHost, limit]);
  if (!seen.length) return [];
  const hosts = [...new Set(seen.map((r) => r.host))];
  const locked = await tx.rows<{ h: string }>(
    `SELECT h FROM unnest($1::text[]) AS t(h) WHERE pg_try_advisory_xact_lock(hashtextextended('fw_outbox:channel_messages:' || h, 0))`,
    [hosts],
  );
  if (!locked.length) return [];
  const rows = await tx.rows<ChannelMessageRow>(DUE(true), [q.nowMs, q.perHost, limit, locked.map((l) => l.h)]);
  if (!rows.length) return [];
  const taken = await tx.rows<ChannelMessageRow>(
    `UPDATE channel_messages SET claimed_by = $3, lease_until = $4
      WHERE (account_id, id) IN (
        SELECT account_id, id FROM channel_messages WHERE (account_id, id) IN (SELECT * FROM unnest($1::bigint[], $2::bigint[]))
           AND state = 'pending' AND claimed_by IS NULL FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    [rows.map((r) => r.account_id), rows.map((r) => r.id), q.worker, q.nowMs + q.leaseMs],
  );
  return taken.map(toChannelMessage).sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.id - b.id);
}

/** Logs an attempt of a claimed channel message and, when `worker` still holds it, records its outcome. */
export async function recordChannelAttempt(tx: Tx, m: ChannelMessage, worker: string, r: JobResult): Promise<void> {
  await tx.exec(
    `INSERT INTO channel_attempts (account_id, message, attempt, at, http_status, error, latency_ms)
     VALUES ($1, $2, (SELECT COUNT(*) + 1 FROM channel_attempts WHERE account_id = $1 AND message = $2), $3, $4, $5, $6)`,
    [m.accountId, m.id, r.at, r.httpStatus, r.error, r.latencyMs],
  );
  await tx.exec(
    `UPDATE channel_messages SET state = $3, attempts = attempts + 1, next_attempt_at = $4, last_status = $5, last_error = $6,
       last_latency_ms = $7, claimed_by = NULL, lease_until = NULL, delivered_at = CASE WHEN $3 = 'delivered' THEN $8 ELSE delivered_at END
     WHERE account_id = $1 AND id = $2 AND claimed_by = $9`,
    [m.accountId, m.id, r.state, r.nextAttemptAt, r.httpStatus, r.error, r.latencyMs, r.at, worker],
  );
}

/** What a channel message is built from when it is sent: its channel as it is now, and its incident. */
export async function channelContext(pg: Pg, m: ChannelMessage): Promise<ChannelSendContext> {
  const [c, h] = await Promise.all([
    pg.row<ChannelRow>('SELECT * FROM channels WHERE account_id = $1 AND id = $2', [m.accountId, m.channelId]),
    m.historyId === null ? undefined : pg.row<ChannelIncidentRow>(`${CHANNEL_INCIDENT_SELECT} WHERE h.account_id = $1 AND h.id = $2`, [m.accountId, m.historyId]),
  ]);
  return { channel: c ? toChannel(c) : null, incident: h ? toChannelIncident(h) : null };
}
