import { randomUUID } from 'node:crypto';
import { type DeliveryRow, toDelivery } from '../common/outbox-rows';
import type { NewNotification } from '../repos/alert-engine';
import { deliveryHost, type Attempt, type Delivery, type NewDelivery, type NotificationRecord, type OutboxCount, type OutboxJob, type OutboxRepo, type UserEmail } from '../repos/outbox';
import type { Db } from './db';
import { groupWaitOf } from './notification-settings';
import { channelAttemptRecorder, channelContextReader } from './channel-outbox';
import { claimJobs } from './outbox-claim';
import { notificationState } from '../silence-rows';

/**
 * Writes callbacks to the outbox. A better-sqlite3 transaction, so it can run inside another one: the
 * alert engine queues an incident's callbacks in the transaction that starts or ends the incident.
 */
export function outboxWriter(db: Db) {
  const insert = db.prepare(`INSERT INTO callback_deliveries
    (account_id, alert_id, alert_history_id, status, url, method, auth, secret, delivery_id, next_attempt_at, created, host, silenced)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const byId = db.prepare<[number], DeliveryRow>('SELECT * FROM callback_deliveries WHERE id = ?');
  return db.transaction((accountId: number, items: NewDelivery[], now: number): Delivery[] =>
    items.map((d) => {
      const id = insert.run(accountId, d.alertId, d.alertHistoryId, d.status, d.url, d.method, d.auth, d.secret, randomUUID(), now, now, deliveryHost(d.url), d.silenced ? 1 : 0)
        .lastInsertRowid;
      return toDelivery(byId.get(Number(id))!);
    }),
  );
}

/**
 * Writes user notifications: 'silenced' when a silence holds them back, 'pending' for the outbox when a
 * transport sends them, else 'kept'. An incident's notification waits the account's group window (it is due
 * then, and the claim sweeps the recipient's others into one message); mail no incident caused goes at once.
 */
export function notificationWriter(db: Db) {
  const insert = db.prepare(`INSERT INTO notifications (account_id, alert_id, alert_history_id, user_id, channel, recipient, subject, body,
      html, host, state, delivery_id, next_attempt_at, created, event, group_wait_s) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const groupWait = groupWaitOf(db);
  /** Answers the id of the last row written (0 for none). */
  return (accountId: number, items: readonly NewNotification[], nowMs: number): number => {
    let last = 0;
    const wait = items.some((n) => n.historyId !== null && n.host) ? groupWait(accountId) : 0;
    for (const n of items) {
      const w = n.historyId !== null && n.host ? wait : 0;
      last = Number(
        insert.run(accountId, n.alertId, n.historyId, n.userId, n.channel, n.recipient, n.subject, n.body, n.html, n.host, notificationState(n), randomUUID(), nowMs + w * 1000, Math.floor(nowMs / 1000), n.event ?? null, w)
          .lastInsertRowid,
      );
    }
    return last;
  };
}

export function sqliteOutbox(db: Db): OutboxRepo {
  const byId = db.prepare<[number], DeliveryRow>('SELECT * FROM callback_deliveries WHERE id = ?');
  const byAccountId = db.prepare<[number, number], DeliveryRow>('SELECT * FROM callback_deliveries WHERE account_id = ? AND id = ?');
  const logCallback = db.prepare(`INSERT INTO callback_attempts (delivery, attempt, at, http_status, error, latency_ms)
    VALUES (?, (SELECT COUNT(*) + 1 FROM callback_attempts WHERE delivery = ?), ?, ?, ?, ?)`);
  const finishCallback = db.prepare(`UPDATE callback_deliveries SET state = @state, attempts = attempts + 1, next_attempt_at = @next,
    last_status = @status, last_error = @error, last_latency_ms = @latency, claimed_by = NULL, lease_until = NULL,
    delivered_at = CASE WHEN @state = 'delivered' THEN @at ELSE delivered_at END
    WHERE id = @id AND claimed_by = @worker`);
  const logNotification = db.prepare(`INSERT INTO notification_attempts (notification, attempt, at, error, latency_ms)
    VALUES (?, (SELECT COUNT(*) + 1 FROM notification_attempts WHERE notification = ?), ?, ?, ?)`);
  // A grouped message once sent: each row keeps the message's id (what the receiver logged) and its size.
  const finishNotification = db.prepare(`UPDATE notifications SET state = @state, attempts = attempts + 1, next_attempt_at = @next,
    error = @error, claimed_by = NULL, lease_until = NULL, claim_lead = NULL, sent_at = CASE WHEN @state = 'sent' THEN @sec ELSE sent_at END,
    group_size = CASE WHEN @state = 'sent' THEN @size ELSE group_size END,
    delivery_id = CASE WHEN @state = 'sent' AND @group IS NOT NULL THEN @group ELSE delivery_id END
    WHERE id = @id AND claimed_by = @worker`);

  const enqueue = outboxWriter(db);
  const claim = claimJobs(db);
  const recordChannel = channelAttemptRecorder(db);
  const channelContext = channelContextReader(db);
  const record = db.transaction((job: OutboxJob, worker: string, r: Parameters<OutboxRepo['recordAttempt']>[2]) => {
    if (job.kind === 'channel') {
      recordChannel(job.message, worker, r);
    } else if (job.kind === 'callback') {
      const id = job.delivery.id;
      logCallback.run(id, id, r.at, r.httpStatus, r.error, r.latencyMs);
      finishCallback.run({ state: r.state, next: r.nextAttemptAt, status: r.httpStatus, error: r.error, latency: r.latencyMs, at: r.at, id, worker });
    } else {
      const rows = job.kind === 'group' ? job.notifications : [job.notification];
      const state = r.state === 'delivered' ? 'sent' : r.state;
      const size = job.kind === 'group' ? rows.length : null;
      for (const { id } of rows) {
        logNotification.run(id, id, r.at, r.error, r.latencyMs);
        finishNotification.run({ state, next: r.nextAttemptAt, error: r.error, sec: Math.floor(r.at / 1000), id, worker, size, group: r.groupDeliveryId ?? null });
      }
    }
  });

  return {
    async enqueue(accountId, items, now) {
      return enqueue.immediate(accountId, items, now);
    },
    async claim(q) {
      return claim(q);
    },
    async recordAttempt(job, worker, result) {
      record.immediate(job, worker, result);
    },
    async get(accountId, id) {
      const r = byAccountId.get(accountId, id);
      return r ? toDelivery(r) : null;
    },
    async attempts(accountId, id) {
      return db
        .prepare<[number, number], Attempt>(
          `SELECT a.attempt, a.at, a.http_status, a.error, a.latency_ms FROM callback_attempts a
             JOIN callback_deliveries d ON d.id = a.delivery WHERE d.account_id = ? AND d.id = ? ORDER BY a.attempt`,
        )
        .all(accountId, id);
    },
    async listForAlert(accountId, alertId, paging) {
      const total = db
        .prepare<[number, number], { n: number }>('SELECT COUNT(*) AS n FROM callback_deliveries WHERE account_id = ? AND alert_id = ?')
        .get(accountId, alertId)!.n;
      const items = db
        .prepare<[number, number, number, number], DeliveryRow>(
          'SELECT * FROM callback_deliveries WHERE account_id = ? AND alert_id = ? ORDER BY id DESC LIMIT ? OFFSET ?',
        )
        .all(accountId, alertId, paging.limit, paging.page * paging.limit)
        .map(toDelivery);
      return { total, items };
    },
    async redeliver(accountId, id, now) {
      const r = db
        .prepare(
          `UPDATE callback_deliveries SET state = 'pending', attempts = 0, next_attempt_at = ?, claimed_by = NULL, lease_until = NULL
            WHERE account_id = ? AND id = ?`,
        )
        .run(now, accountId, id);
      return r.changes ? toDelivery(byId.get(id)!) : null;
    },
    async notifications(accountId, alertId, paging) {
      const where = alertId === undefined ? 'account_id = ?' : 'account_id = ? AND alert_id = ?';
      const args = alertId === undefined ? [accountId] : [accountId, alertId];
      const total = db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM notifications WHERE ${where}`).get(...args)!.n;
      const items = db
        .prepare<unknown[], NotificationRecord>(
          `SELECT id, alert_id, alert_history_id, user_id, channel, recipient, subject, body, state, error, created, sent_at, delivery_id, attempts, group_size
             FROM notifications WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`,
        )
        .all(...args, paging.limit, paging.page * paging.limit);
      return { total, items };
    },
    async channelContext(m) {
      return channelContext(m);
    },
    async nextDue(channels) {
      const c = db
        .prepare<[], { t: number | null }>(
          `SELECT MIN(t) AS t FROM (SELECT MIN(next_attempt_at) AS t FROM callback_deliveries WHERE state = 'pending' AND claimed_by IS NULL
             UNION ALL SELECT MIN(next_attempt_at) FROM channel_messages WHERE state = 'pending' AND claimed_by IS NULL)`,
        )
        .get()!.t;
      const n = db
        .prepare<[string], { t: number | null }>(`SELECT MIN(next_attempt_at) AS t FROM notifications WHERE state = 'pending' AND claimed_by IS NULL AND channel IN (SELECT value FROM json_each(?))`)
        .get(JSON.stringify(channels))!.t;
      return c === null ? n : n === null ? c : Math.min(c, n);
    },
    async incidentStarts(accountId, historyIds) {
      const rows = db
        .prepare<[number, string], { id: number; start: number }>('SELECT id, start FROM alert_histories WHERE account_id = ? AND id IN (SELECT value FROM json_each(?))')
        .all(accountId, JSON.stringify(historyIds));
      return new Map(rows.map((r) => [r.id, r.start]));
    },
    // One process per SQLite file: in-process events wake the dispatcher.
    onWork: () => async () => {},
    async pending() {
      return db
        .prepare<[], { n: number }>(
          `SELECT (SELECT COUNT(*) FROM callback_deliveries WHERE state = 'pending') + (SELECT COUNT(*) FROM notifications WHERE state = 'pending')
             + (SELECT COUNT(*) FROM channel_messages WHERE state = 'pending') AS n`,
        )
        .get()!.n;
    },
    async countsByChannel() {
      return db.prepare<[], OutboxCount>(
        `SELECT 'callback' AS channel, state, COUNT(*) AS n FROM callback_deliveries WHERE state IN ('pending', 'failed') GROUP BY state
           UNION ALL SELECT channel, state, COUNT(*) AS n FROM notifications WHERE state IN ('pending', 'failed') GROUP BY channel, state
           UNION ALL SELECT channel_type, state, COUNT(*) AS n FROM channel_messages WHERE state IN ('pending', 'failed') GROUP BY channel_type, state`,
      ).all();
    },
    async enqueueUserEmail(accountId, mail: UserEmail, now = Math.floor(Date.now() / 1000)) {
      const id = notificationWriter(db)(accountId, [{ alertId: 0, historyId: null, userId: mail.userId, channel: 'email', recipient: mail.recipient, subject: mail.subject, body: mail.text, html: null, host: mail.host }], now * 1000);
      return db
        .prepare<[number], NotificationRecord>(
          `SELECT id, alert_id, alert_history_id, user_id, channel, recipient, subject, body, state, error, created, sent_at, delivery_id, attempts, group_size
             FROM notifications WHERE id = ?`,
        )
        .get(id)!;
    },
  };
}
