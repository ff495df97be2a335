import { randomUUID } from 'node:crypto';
import { deliveryHost, type UserEmail, type Attempt, type Delivery, type NewDelivery, type NotificationRecord, type OutboxRepo } from '../repos/outbox';
import type { Db } from './db';

interface Row {
  id: number;
  account_id: number;
  alert_id: number;
  alert_history_id: number | null;
  status: Delivery['status'];
  url: string;
  method: Delivery['method'];
  auth: string | null;
  secret: string | null;
  delivery_id: string;
  state: Delivery['state'];
  attempts: number;
  next_attempt_at: number;
  last_status: number | null;
  last_error: string | null;
  last_latency_ms: number | null;
  created: number;
  delivered_at: number | null;
}

const toDelivery = (r: Row): Delivery => ({
  id: r.id,
  accountId: r.account_id,
  alertId: r.alert_id,
  alertHistoryId: r.alert_history_id,
  status: r.status,
  url: r.url,
  method: r.method,
  auth: r.auth,
  secret: r.secret,
  deliveryId: r.delivery_id,
  state: r.state,
  attempts: r.attempts,
  nextAttemptAt: r.next_attempt_at,
  lastStatus: r.last_status,
  lastError: r.last_error,
  lastLatencyMs: r.last_latency_ms,
  created: r.created,
  deliveredAt: r.delivered_at,
});

/**
 * Writes deliveries to the outbox. A better-sqlite3 transaction, so it can run inside another one: the
 * alert engine queues an incident's callbacks in the transaction that starts or ends the incident.
 */
export function outboxWriter(db: Db) {
  const insert = db.prepare(`INSERT INTO callback_deliveries
    (account_id, alert_id, alert_history_id, status, url, method, auth, secret, delivery_id, next_attempt_at, created)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const byId = db.prepare<[number], Row>('SELECT * FROM callback_deliveries WHERE id = ?');
  return db.transaction((accountId: number, items: NewDelivery[], now: number): Delivery[] =>
    items.map((d) => {
      const id = insert.run(accountId, d.alertId, d.alertHistoryId, d.status, d.url, d.method, d.auth, d.secret, randomUUID(), now, now)
        .lastInsertRowid;
      return toDelivery(byId.get(Number(id))!);
    }),
  );
}

export function sqliteOutbox(db: Db): OutboxRepo {
  // Deterministic, so SQLite may evaluate it once per row; the dispatcher groups by the same key.
  db.function('delivery_host', { deterministic: true }, (url: unknown) => deliveryHost(String(url)));
  const byId = db.prepare<[number], Row>('SELECT * FROM callback_deliveries WHERE id = ?');
  const byAccountId = db.prepare<[number, number], Row>('SELECT * FROM callback_deliveries WHERE account_id = ? AND id = ?');
  const update = db.prepare(`UPDATE callback_deliveries SET state = ?, attempts = attempts + 1, next_attempt_at = ?,
    last_status = ?, last_error = ?, last_latency_ms = ?, delivered_at = CASE WHEN ? = 'delivered' THEN ? ELSE delivered_at END
    WHERE id = ?`);
  const logAttempt = db.prepare(`INSERT INTO callback_attempts (delivery, attempt, at, http_status, error, latency_ms)
    VALUES (?, (SELECT COUNT(*) + 1 FROM callback_attempts WHERE delivery = ?), ?, ?, ?, ?)`);

  const enqueue = outboxWriter(db);
  // The oldest due rows of each host that is not at its limit: a backlog to one host takes at most
  // perHost rows, so a host behind it is still picked up on this tick.
  const dueRows = db.prepare<[number, string, string, number, number], Row>(
    `SELECT * FROM (
       SELECT d.*, ROW_NUMBER() OVER (PARTITION BY delivery_host(d.url) ORDER BY d.next_attempt_at, d.id) AS host_rank
         FROM callback_deliveries d
        WHERE d.state = 'pending' AND d.next_attempt_at <= ?
          AND d.id NOT IN (SELECT value FROM json_each(?))
          AND delivery_host(d.url) NOT IN (SELECT value FROM json_each(?)))
      WHERE host_rank <= ? ORDER BY next_attempt_at, id LIMIT ?`,
  );
  const record = db.transaction((id: number, r: Parameters<OutboxRepo['recordAttempt']>[1]) => {
    logAttempt.run(id, id, r.at, r.httpStatus, r.error, r.latencyMs);
    update.run(r.state, r.nextAttemptAt, r.httpStatus, r.error, r.latencyMs, r.state, r.at, id);
  });

  return {
    async enqueue(accountId, items, now) {
      return enqueue.immediate(accountId, items, now);
    },
    async due(now, limit, q) {
      return dueRows.all(now, JSON.stringify(q.exclude), JSON.stringify(q.busyHosts), q.perHost, limit).map(toDelivery);
    },
    async recordAttempt(id, result) {
      record.immediate(id, result);
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
        .prepare<[number, number, number, number], Row>(
          'SELECT * FROM callback_deliveries WHERE account_id = ? AND alert_id = ? ORDER BY id DESC LIMIT ? OFFSET ?',
        )
        .all(accountId, alertId, paging.limit, paging.page * paging.limit)
        .map(toDelivery);
      return { total, items };
    },
    async redeliver(accountId, id, now) {
      const r = db
        .prepare(`UPDATE callback_deliveries SET state = 'pending', attempts = 0, next_attempt_at = ? WHERE account_id = ? AND id = ?`)
        .run(now, accountId, id);
      return r.changes ? toDelivery(byId.get(id)!) : null;
    },
    async notifications(accountId, alertId, paging) {
      const where = alertId === undefined ? 'account_id = ?' : 'account_id = ? AND alert_id = ?';
      const args = alertId === undefined ? [accountId] : [accountId, alertId];
      const total = db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM notifications WHERE ${where}`).get(...args)!.n;
      const items = db
        .prepare<unknown[], NotificationRecord>(
          `SELECT id, alert_id, alert_history_id, user_id, channel, recipient, subject, body, state, error, created, sent_at
             FROM notifications WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`,
        )
        .all(...args, paging.limit, paging.page * paging.limit);
      return { total, items };
    },
    async enqueueUserEmail(accountId, mail: UserEmail, now = Math.floor(Date.now() / 1000)) {
      const id = db
        .prepare(`INSERT INTO notifications (account_id, alert_id, alert_history_id, user_id, channel, recipient, subject, body, state, created)
                  VALUES (?, 0, NULL, ?, 'email', ?, ?, ?, 'pending', ?)`)
        .run(accountId, mail.userId, mail.recipient, mail.subject, mail.text, now).lastInsertRowid;
      return db
        .prepare<[number], NotificationRecord>(
          `SELECT id, alert_id, alert_history_id, user_id, channel, recipient, subject, body, state, error, created, sent_at
             FROM notifications WHERE id = ?`,
        )
        .get(Number(id))!;
    },
    async nextDue() {
      return db.prepare<[], { t: number | null }>(`SELECT MIN(next_attempt_at) AS t FROM callback_deliveries WHERE state = 'pending'`).get()!
        .t;
    },
  };
}
