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
import type { Db } from './db';

const INTERRUPTED = 'interrupted: the worker stopped during the attempt (its lease expired); retried with the same delivery id';

/**
 * Writes channel messages to the outbox. A plain function of prepared statements, so it runs inside
 * the caller's transaction (an incident step, an acknowledgement, an escalation step). A channel that
 * is gone or does not take the event gets nothing; a silenced message is recorded, never sent.
 */
export function channelMessageWriter(db: Db) {
  const channel = db.prepare<[number, number], { type: ChannelType; name: string }>('SELECT type, name FROM channels WHERE account_id = ? AND id = ?');
  const insert = db.prepare(`INSERT INTO channel_messages (account_id, channel_id, channel_type, channel_name, alert_id, alert_history_id, event, state,
      delivery_id, next_attempt_at, created, host) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const byId = db.prepare<[number], ChannelMessageRow>('SELECT * FROM channel_messages WHERE id = ?');
  return (accountId: number, items: readonly NewChannelMessage[], nowMs: number): ChannelMessage[] =>
    items.flatMap((m) => {
      const c = channel.get(accountId, m.channelId);
      if (!c || !channelTakes(c.type, m.event)) return [];
      const state = m.silenced ? 'silenced' : 'pending';
      const id = insert.run(accountId, m.channelId, c.type, c.name, m.alertId, m.historyId, m.event, state, randomUUID(), nowMs, nowMs, channelHost(m.channelId)).lastInsertRowid;
      return [toChannelMessage(byId.get(Number(id))!)];
    });
}

/**
 * The channel part of the outbox claim, run inside its write transaction: attempts a crash cut short
 * are logged, then due messages are taken fairly per channel. A message waits while an older one of the
 * same incident and channel is pending, so a PagerDuty acknowledge or resolve never overtakes its trigger.
 */
export function channelClaim(db: Db) {
  const expired = db.prepare<{ now: number }, { id: number; account_id: number }>(
    `SELECT id, account_id FROM channel_messages WHERE state = 'pending' AND claimed_by IS NOT NULL AND lease_until < @now`,
  );
  const log = db.prepare(`INSERT INTO channel_attempts (account_id, message, attempt, at, http_status, error, latency_ms)
    VALUES (@account, @id, (SELECT COUNT(*) + 1 FROM channel_attempts WHERE message = @id), @now, NULL, @error, 0)`);
  const interrupt = db.prepare(`UPDATE channel_messages SET attempts = attempts + 1, claimed_by = NULL, lease_until = NULL, last_error = @error,
    next_attempt_at = @now, state = CASE WHEN attempts + 1 >= @max THEN 'failed' ELSE 'pending' END WHERE id = @id`);
  const due = db.prepare(`SELECT * FROM (
      SELECT t.*, ROW_NUMBER() OVER (PARTITION BY t.host ORDER BY t.next_attempt_at, t.id) AS host_rank
        FROM channel_messages t WHERE t.state = 'pending' AND t.claimed_by IS NULL AND t.next_attempt_at <= @now
         AND NOT EXISTS (SELECT 1 FROM channel_messages o WHERE o.account_id = t.account_id AND o.channel_id = t.channel_id
           AND o.alert_history_id = t.alert_history_id AND o.id < t.id AND o.state = 'pending')) d
    WHERE host_rank <= @perHost - (SELECT COUNT(*) FROM channel_messages f WHERE f.state = 'pending' AND f.host = d.host AND f.claimed_by IS NOT NULL)
    ORDER BY next_attempt_at, id LIMIT @limit`);
  const take = db.prepare('UPDATE channel_messages SET claimed_by = ?, lease_until = ? WHERE id = ?');
  return (q: ClaimQuery, limit: number): ChannelMessage[] => {
    const now = q.nowMs;
    for (const r of expired.all({ now })) {
      log.run({ account: r.account_id, id: r.id, now, error: INTERRUPTED });
      interrupt.run({ id: r.id, now, error: INTERRUPTED, max: q.maxAttempts });
    }
    if (limit <= 0) return [];
    const rows = due.all({ now, perHost: q.perHost, limit }) as ChannelMessageRow[];
    for (const r of rows) take.run(q.worker, now + q.leaseMs, r.id);
    return rows.map(toChannelMessage);
  };
}

/** Records an attempt of a claimed channel message and releases it (kept as it is when another worker holds it now). */
export function channelAttemptRecorder(db: Db) {
  const log = db.prepare(`INSERT INTO channel_attempts (account_id, message, attempt, at, http_status, error, latency_ms)
    VALUES (?, ?, (SELECT COUNT(*) + 1 FROM channel_attempts WHERE message = ?), ?, ?, ?, ?)`);
  const finish = db.prepare(`UPDATE channel_messages SET state = @state, attempts = attempts + 1, next_attempt_at = @next, last_status = @status,
    last_error = @error, last_latency_ms = @latency, claimed_by = NULL, lease_until = NULL,
    delivered_at = CASE WHEN @state = 'delivered' THEN @at ELSE delivered_at END WHERE id = @id AND claimed_by = @worker`);
  return (m: ChannelMessage, worker: string, r: JobResult) => {
    log.run(m.accountId, m.id, m.id, r.at, r.httpStatus, r.error, r.latencyMs);
    finish.run({ state: r.state, next: r.nextAttemptAt, status: r.httpStatus, error: r.error, latency: r.latencyMs, at: r.at, id: m.id, worker });
  };
}

/** What a channel message is built from when it is sent: its channel as it is now, and its incident. */
export function channelContextReader(db: Db) {
  const channel = db.prepare<[number, number], ChannelRow>('SELECT * FROM channels WHERE account_id = ? AND id = ?');
  const incident = db.prepare<[number, number], ChannelIncidentRow>(`${CHANNEL_INCIDENT_SELECT} WHERE h.account_id = ? AND h.id = ?`);
  return (m: ChannelMessage): ChannelSendContext => {
    const c = channel.get(m.accountId, m.channelId);
    const h = m.historyId === null ? undefined : incident.get(m.accountId, m.historyId);
    return { channel: c ? toChannel(c) : null, incident: h ? toChannelIncident(h) : null };
  };
}
