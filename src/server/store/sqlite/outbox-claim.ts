import { groupsOf } from '../common/outbox-groups';
import { type DeliveryRow, type NotificationRow, toDelivery, toNotification } from '../common/outbox-rows';
import { MAX_GROUP, type ClaimQuery, type OutboxJob } from '../repos/outbox';
import { channelClaim } from './channel-outbox';
import type { Db } from './db';

const INTERRUPTED = 'interrupted: the worker stopped during the attempt (its lease expired); retried with the same delivery id';

/**
 * The outbox claim, in one write transaction so two processes never claim the same row: attempts cut
 * by a crash are logged first, then the oldest due rows of each host are taken, at most `perHost` in
 * flight per host counting every worker's running claims, notifications, then channel messages, then callbacks. A due
 * notification with a group window takes the other pending ones of its recipient and channel due
 * within that window; one message in flight counts once however many rows it carries.
 */
export function claimJobs(db: Db) {
  const table = (name: 'callback_deliveries' | 'notifications', extra: string, inFlight: string) => ({
    expired: db.prepare<{ now: number }, { id: number; attempts: number }>(
      `SELECT id, attempts FROM ${name} WHERE state = 'pending' AND claimed_by IS NOT NULL AND lease_until < @now`,
    ),
    due: db.prepare(
      `SELECT * FROM (
         SELECT t.*, ROW_NUMBER() OVER (PARTITION BY t.host ORDER BY t.next_attempt_at, t.id) AS host_rank
           FROM ${name} t WHERE t.state = 'pending' AND t.claimed_by IS NULL AND t.next_attempt_at <= @now ${extra}) d
        WHERE host_rank <= @perHost - (SELECT ${inFlight} FROM ${name} f WHERE f.state = 'pending' AND f.host = d.host AND f.claimed_by IS NOT NULL)
        ORDER BY next_attempt_at, id LIMIT @limit`,
    ),
    take: db.prepare(`UPDATE ${name} SET claimed_by = ?, lease_until = ? WHERE id = ?`),
  });
  const callbacks = table('callback_deliveries', '', 'COUNT(*)');
  const notifications = table('notifications', 'AND t.channel IN (SELECT value FROM json_each(@channels))', 'COUNT(DISTINCT COALESCE(f.claim_lead, f.id))');
  const takeInGroup = db.prepare('UPDATE notifications SET claimed_by = ?, lease_until = ?, claim_lead = ? WHERE id = ?');
  // Rows queued later within the window are due later: a message sent now carries them already.
  const sweep = db.prepare(`SELECT * FROM notifications WHERE account_id = @account AND channel = @channel AND recipient = @recipient
      AND state = 'pending' AND claimed_by IS NULL AND host = @host AND group_wait_s > 0 AND next_attempt_at <= @now + group_wait_s * 1000
    ORDER BY id LIMIT @limit`);
  const interruptCallback = db.prepare(`UPDATE callback_deliveries SET attempts = attempts + 1, claimed_by = NULL, lease_until = NULL,
    last_error = @error, next_attempt_at = @now, state = CASE WHEN attempts + 1 >= @max THEN 'failed' ELSE 'pending' END WHERE id = @id`);
  const logCallback = db.prepare(`INSERT INTO callback_attempts (delivery, attempt, at, http_status, error, latency_ms)
    VALUES (@id, (SELECT COUNT(*) + 1 FROM callback_attempts WHERE delivery = @id), @now, NULL, @error, 0)`);
  const interruptNotification = db.prepare(`UPDATE notifications SET attempts = attempts + 1, claimed_by = NULL, lease_until = NULL,
    error = @error, next_attempt_at = @now, claim_lead = NULL, state = CASE WHEN attempts + 1 >= @max THEN 'failed' ELSE 'pending' END WHERE id = @id`);
  const logNotification = db.prepare(`INSERT INTO notification_attempts (notification, attempt, at, error, latency_ms)
    VALUES (@id, (SELECT COUNT(*) + 1 FROM notification_attempts WHERE notification = @id), @now, @error, 0)`);

  const channels = channelClaim(db);

  const run = db.transaction((q: ClaimQuery): OutboxJob[] => {
    const now = q.nowMs;
    const error = INTERRUPTED;
    for (const r of callbacks.expired.all({ now })) {
      logCallback.run({ id: r.id, now, error });
      interruptCallback.run({ id: r.id, now, error, max: q.maxAttempts });
    }
    for (const r of notifications.expired.all({ now })) {
      logNotification.run({ id: r.id, now, error });
      interruptNotification.run({ id: r.id, now, error, max: q.maxAttempts });
    }
    const until = now + q.leaseMs;
    const jobs: OutboxJob[] = [];
    if (q.channels.length) {
      const rows = notifications.due.all({ now, perHost: q.perHost, limit: q.limit, channels: JSON.stringify(q.channels) }) as NotificationRow[];
      for (const due of groupsOf(rows)) {
        const lead = due[0]!;
        const group = due.slice(0, MAX_GROUP);
        for (const r of group) takeInGroup.run(q.worker, until, lead.id, r.id);
        if (lead.group_wait_s > 0 && group.length < MAX_GROUP) {
          const more = sweep.all({ account: lead.account_id, channel: lead.channel, recipient: lead.recipient, host: lead.host, now, limit: MAX_GROUP - group.length }) as NotificationRow[];
          for (const r of more) takeInGroup.run(q.worker, until, lead.id, r.id);
          group.push(...more);
        }
        group.sort((a, b) => a.id - b.id);
        jobs.push(group.length === 1 ? { kind: 'notification', notification: toNotification(lead) } : { kind: 'group', notifications: group.map(toNotification) });
      }
    }
    for (const message of channels(q, q.limit - jobs.length)) jobs.push({ kind: 'channel', message });
    if (jobs.length < q.limit) {
      const rows = callbacks.due.all({ now, perHost: q.perHost, limit: q.limit - jobs.length }) as DeliveryRow[];
      for (const r of rows) {
        callbacks.take.run(q.worker, until, r.id);
        jobs.push({ kind: 'callback', delivery: toDelivery(r) });
      }
    }
    return jobs;
  });
  return (q: ClaimQuery) => run.immediate(q);
}
