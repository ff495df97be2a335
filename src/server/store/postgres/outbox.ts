import { randomUUID } from 'node:crypto';
import { type DeliveryRow, toDelivery } from '../common/outbox-rows';
import type { NewNotification } from '../repos/alert-engine';
import { deliveryHost, type Attempt, type Delivery, type NewDelivery, type NotificationRecord, type OutboxCount, type OutboxRepo, type UserEmail } from '../repos/outbox';
import type { Pg, Sql } from './db';
import { groupWaitOf } from './notification-settings';
import { channelContext } from './channel-outbox';
import { claimJobs, recordAttempt } from './outbox-claim';
import { notificationState } from '../silence-rows';

/** NOTIFY channel of the outbox: a transaction that queues a row wakes idle dispatchers on commit. */
export const OUTBOX_CHANNEL = 'fw_outbox';

const notifyOutbox = (sql: Sql) => sql.exec(`SELECT pg_notify('${OUTBOX_CHANNEL}', '')`);

/** Writes callbacks to the outbox with `sql` (the alert engine's transaction that starts or ends an incident). */
export async function enqueueCallbacks(sql: Sql, accountId: number, items: NewDelivery[], now: number): Promise<Delivery[]> {
  const out: Delivery[] = [];
  for (const d of items) {
    const row = await sql.row<DeliveryRow>(
      `INSERT INTO callback_deliveries
         (account_id, alert_id, alert_history_id, status, url, method, auth, secret, delivery_id, next_attempt_at, created, host, silenced)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12) RETURNING *`,
      [accountId, d.alertId, d.alertHistoryId, d.status, d.url, d.method, d.auth, d.secret, randomUUID(), now, deliveryHost(d.url), d.silenced === true],
    );
    out.push(toDelivery(row!));
  }
  if (out.length) await notifyOutbox(sql);
  return out;
}

/**
 * Writes user notifications with `sql`: 'silenced' when a silence holds them back, 'pending' for the outbox
 * when a transport sends them, else 'kept'. An incident's notification waits the account's group window (it is
 * due then, and the claim sweeps the recipient's others into one message); mail no incident caused goes at once.
 * Answers the last id (0: none).
 */
export async function enqueueNotifications(sql: Sql, accountId: number, items: readonly NewNotification[], nowMs: number): Promise<number> {
  let last = 0;
  const wait = items.some((n) => n.historyId !== null && n.host) ? await groupWaitOf(sql, accountId) : 0;
  for (const n of items) {
    const w = n.historyId !== null && n.host ? wait : 0;
    const r = await sql.row<{ id: number }>(
      `INSERT INTO notifications (account_id, alert_id, alert_history_id, user_id, channel, recipient, subject, body,
         html, host, state, delivery_id, next_attempt_at, created, event, group_wait_s)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
      [accountId, n.alertId, n.historyId, n.userId, n.channel, n.recipient, n.subject, n.body, n.html, n.host, notificationState(n), randomUUID(), nowMs + w * 1000, Math.floor(nowMs / 1000), n.event ?? null, w],
    );
    last = r!.id;
  }
  if (items.some((n) => n.host && !n.silenced)) await notifyOutbox(sql);
  return last;
}

const NOTIFICATION_COLS = 'id, alert_id, alert_history_id, user_id, channel, recipient, subject, body, state, error, created, sent_at, delivery_id, attempts, group_size';

export function pgOutbox(pg: Pg): OutboxRepo {
  return {
    async enqueue(accountId, items, now) {
      return pg.tx((tx) => enqueueCallbacks(tx, accountId, items, now));
    },
    claim: (q) => claimJobs(pg, q),
    recordAttempt: (job, worker, result) => recordAttempt(pg, job, worker, result),
    async get(accountId, id) {
      const r = await pg.row<DeliveryRow>('SELECT * FROM callback_deliveries WHERE account_id = $1 AND id = $2', [accountId, id]);
      return r ? toDelivery(r) : null;
    },
    async attempts(accountId, id) {
      return pg.rows<Attempt>(
        'SELECT attempt, at, http_status, error, latency_ms FROM callback_attempts WHERE account_id = $1 AND delivery = $2 ORDER BY attempt',
        [accountId, id],
      );
    },
    async listForAlert(accountId, alertId, paging) {
      const total = (await pg.row<{ n: number }>('SELECT COUNT(*) AS n FROM callback_deliveries WHERE account_id = $1 AND alert_id = $2', [accountId, alertId]))!.n;
      const rows = await pg.rows<DeliveryRow>(
        'SELECT * FROM callback_deliveries WHERE account_id = $1 AND alert_id = $2 ORDER BY id DESC LIMIT $3 OFFSET $4',
        [accountId, alertId, paging.limit, paging.page * paging.limit],
      );
      return { total, items: rows.map(toDelivery) };
    },
    async redeliver(accountId, id, now) {
      return pg.tx(async (tx) => {
        const r = await tx.row<DeliveryRow>(
          `UPDATE callback_deliveries SET state = 'pending', attempts = 0, next_attempt_at = $3, claimed_by = NULL, lease_until = NULL
            WHERE account_id = $1 AND id = $2 RETURNING *`,
          [accountId, id, now],
        );
        if (!r) return null;
        await notifyOutbox(tx);
        return toDelivery(r);
      });
    },
    async notifications(accountId, alertId, paging) {
      const where = alertId === undefined ? 'account_id = $1' : 'account_id = $1 AND alert_id = $2';
      const args: unknown[] = alertId === undefined ? [accountId] : [accountId, alertId];
      const total = (await pg.row<{ n: number }>(`SELECT COUNT(*) AS n FROM notifications WHERE ${where}`, args))!.n;
      const n = args.length;
      const items = await pg.rows<NotificationRecord>(
        `SELECT ${NOTIFICATION_COLS} FROM notifications WHERE ${where} ORDER BY id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...args, paging.limit, paging.page * paging.limit],
      );
      return { total, items };
    },
    async nextDue(channels) {
      const r = await pg.row<{ c: number | null; n: number | null }>(
        `SELECT LEAST((SELECT MIN(next_attempt_at) FROM callback_deliveries WHERE state = 'pending' AND claimed_by IS NULL),
                      (SELECT MIN(next_attempt_at) FROM channel_messages WHERE state = 'pending' AND claimed_by IS NULL)) AS c,
                (SELECT MIN(next_attempt_at) FROM notifications WHERE state = 'pending' AND claimed_by IS NULL AND channel = ANY($1::text[])) AS n`,
        [[...channels]],
      );
      const c = r?.c ?? null;
      const n = r?.n ?? null;
      return c === null ? n : n === null ? c : Math.min(c, n);
    },
    channelContext: (m) => channelContext(pg, m),
    async incidentStarts(accountId, historyIds) {
      const rows = await pg.rows<{ id: number; start: number }>('SELECT id, start FROM alert_histories WHERE account_id = $1 AND id = ANY($2::bigint[])', [
        accountId,
        [...historyIds],
      ]);
      return new Map(rows.map((r) => [Number(r.id), Number(r.start)]));
    },
    async pending() {
      return (await pg.row<{ n: number }>(
        `SELECT (SELECT COUNT(*) FROM callback_deliveries WHERE state = 'pending') + (SELECT COUNT(*) FROM notifications WHERE state = 'pending')
           + (SELECT COUNT(*) FROM channel_messages WHERE state = 'pending') AS n`,
      ))!.n;
    },
    async countsByChannel() {
      return pg.rows<OutboxCount>(
        `SELECT 'callback' AS channel, state, COUNT(*) AS n FROM callback_deliveries WHERE state IN ('pending', 'failed') GROUP BY state
           UNION ALL SELECT channel, state, COUNT(*) AS n FROM notifications WHERE state IN ('pending', 'failed') GROUP BY channel, state
           UNION ALL SELECT channel_type, state, COUNT(*) AS n FROM channel_messages WHERE state IN ('pending', 'failed') GROUP BY channel_type, state`,
      );
    },
    async enqueueUserEmail(accountId, mail: UserEmail, now = Math.floor(Date.now() / 1000)) {
      return pg.tx(async (tx) => {
        const item = { alertId: 0, historyId: null, userId: mail.userId, channel: 'email' as const, recipient: mail.recipient, subject: mail.subject, body: mail.text, html: null, host: mail.host };
        const id = await enqueueNotifications(tx, accountId, [item], now * 1000);
        return (await tx.row<NotificationRecord>(`SELECT ${NOTIFICATION_COLS} FROM notifications WHERE account_id = $1 AND id = $2`, [accountId, id]))!;
      });
    },
    onWork(wake) {
      const listening = pg.listen(OUTBOX_CHANNEL, wake).catch(() => null);
      return async () => {
        await (await listening)?.();
      };
    },
  };
}
