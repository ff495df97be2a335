import { groupsOf } from '../common/outbox-groups';
import { type DeliveryRow, type NotificationRow, toDelivery, toNotification } from '../common/outbox-rows';
import { MAX_GROUP, type ClaimQuery, type JobResult, type OutboxJob } from '../repos/outbox';
import { claimChannelMessages, recordChannelAttempt } from './channel-outbox';
import type { Pg, Tx } from './db';

const INTERRUPTED = 'interrupted: the worker stopped during the attempt (its lease expired); retried with the same delivery id';

interface Table {
  name: 'callback_deliveries' | 'notifications';
  log: 'callback_attempts' | 'notification_attempts';
  ref: 'delivery' | 'notification';
  errorCol: 'last_error' | 'error';
}
const CALLBACKS: Table = { name: 'callback_deliveries', log: 'callback_attempts', ref: 'delivery', errorCol: 'last_error' };
const NOTIFICATIONS: Table = { name: 'notifications', log: 'notification_attempts', ref: 'notification', errorCol: 'error' };

/** Logs attempts a crash cut short (their lease ran out) and puts their rows back, or fails them past maxAttempts. */
async function interrupt(tx: Tx, t: Table, q: ClaimQuery): Promise<void> {
  await tx.exec(
    `WITH x AS (SELECT account_id, id FROM ${t.name} WHERE state = 'pending' AND claimed_by IS NOT NULL AND lease_until < $1 FOR UPDATE SKIP LOCKED),
     logged AS (INSERT INTO ${t.log} (account_id, ${t.ref}, attempt, at, error, latency_ms)
       SELECT x.account_id, x.id, (SELECT COUNT(*) + 1 FROM ${t.log} l WHERE l.account_id = x.account_id AND l.${t.ref} = x.id), $1, $2, 0 FROM x)
     UPDATE ${t.name} d SET attempts = d.attempts + 1, claimed_by = NULL, lease_until = NULL, ${t.errorCol} = $2, next_attempt_at = $1,${t === NOTIFICATIONS ? ' claim_lead = NULL,' : ''}
       state = CASE WHEN d.attempts + 1 >= $3 THEN 'failed' ELSE 'pending' END
      FROM x WHERE d.account_id = x.account_id AND d.id = x.id`,
    [q.nowMs, INTERRUPTED, q.maxAttempts],
  );
}

// The oldest due rows of each host, at most perHost in flight per host counting running claims (a
// grouped message once, however many rows it carries).
// $4 (text[]) scopes notifications to the worker's channels; the next one to the hosts this claim has locked.
const due = (t: Table, scoped: boolean, channels: boolean) => `
  SELECT * FROM (
    SELECT r.*, ROW_NUMBER() OVER (PARTITION BY r.host ORDER BY r.next_attempt_at, r.id) AS host_rank
      FROM ${t.name} r WHERE r.state = 'pending' AND r.claimed_by IS NULL AND r.next_attempt_at <= $1
      ${channels ? 'AND r.channel = ANY($4::text[])' : ''} ${scoped ? `AND r.host = ANY($${channels ? 5 : 4}::text[])` : ''}) d
   WHERE host_rank <= $2 - (SELECT ${t === NOTIFICATIONS ? 'COUNT(DISTINCT COALESCE(f.claim_lead, f.id))' : 'COUNT(*)'} FROM ${t.name} f
     WHERE f.state = 'pending' AND f.host = d.host AND f.claimed_by IS NOT NULL)
   ORDER BY next_attempt_at, id LIMIT $3`;

/**
 * Takes up to `limit` due rows of a table. The per-host count is exact across workers: claims of a host
 * are serialized by a transaction-scoped advisory lock taken with try (a host another claim is taking
 * is left to it), the rows re-read under it, then locked FOR UPDATE SKIP LOCKED.
 */
async function take<R extends { id: number; account_id: number; host: string | null }>(tx: Tx, t: Table, q: ClaimQuery, limit: number): Promise<R[]> {
  const withChannels = t === NOTIFICATIONS;
  const extra = withChannels ? [[...q.channels]] : [];
  const seen = await tx.rows<R>(due(t, false, withChannels), [q.nowMs, q.perHost, limit, ...extra]);
  if (!seen.length) return [];
  const hosts = [...new Set(seen.map((r) => r.host ?? ''))];
  const locked = await tx.rows<{ h: string }>(
    `SELECT h FROM unnest($1::text[]) AS t(h) WHERE pg_try_advisory_xact_lock(hashtextextended('fw_outbox:${t.name}:' || h, 0))`,
    [hosts],
  );
  if (!locked.length) return [];
  const rows = await tx.rows<R>(due(t, true, withChannels), [q.nowMs, q.perHost, limit, ...extra, locked.map((l) => l.h)]);
  if (!rows.length) return [];
  const got = new Set(
    (
      await tx.rows<{ id: number }>(
        `SELECT id FROM ${t.name} WHERE (account_id, id) IN (SELECT * FROM unnest($1::bigint[], $2::bigint[]))
           AND state = 'pending' AND claimed_by IS NULL FOR UPDATE SKIP LOCKED`,
        [rows.map((r) => r.account_id), rows.map((r) => r.id)],
      )
    ).map((r) => r.id),
  );
  const taken = rows.filter((r) => got.has(r.id));
  if (taken.length) {
    await tx.exec(`UPDATE ${t.name} SET claimed_by = $1, lease_until = $2 WHERE (account_id, id) IN (SELECT * FROM unnest($3::bigint[], $4::bigint[]))`, [
      q.worker,
      q.nowMs + q.leaseMs,
      taken.map((r) => r.account_id),
      taken.map((r) => r.id),
    ]);
  }
  return taken;
}

type TakenNotification = NotificationRow & { host: string | null };

/**
 * The notifications of a claim as messages: due rows of one recipient and channel queued with a group
 * window become one message, which also takes every other pending row of that recipient and channel due
 * within the window (later rows are due later: a message sent now carries them already). The host's
 * advisory lock is held, so no other claim counts these rows meanwhile.
 */
async function takeNotifications(tx: Tx, q: ClaimQuery): Promise<OutboxJob[]> {
  const jobs: OutboxJob[] = [];
  for (const due of groupsOf(await take<TakenNotification>(tx, NOTIFICATIONS, q, q.limit))) {
    const lead = due[0]!;
    const group = [...due];
    if (lead.group_wait_s > 0 && group.length < MAX_GROUP) {
      group.push(
        ...(await tx.rows<TakenNotification>(
          `UPDATE notifications SET claimed_by = $5, lease_until = $6
            WHERE (account_id, id) IN (
              SELECT account_id, id FROM notifications WHERE account_id = $1 AND channel = $2 AND recipient = $3 AND host = $4
                 AND state = 'pending' AND claimed_by IS NULL AND group_wait_s > 0 AND next_attempt_at <= $7::bigint + group_wait_s * 1000
               ORDER BY id LIMIT $8 FOR UPDATE SKIP LOCKED)
            RETURNING *`,
          [lead.account_id, lead.channel, lead.recipient, lead.host, q.worker, q.nowMs + q.leaseMs, q.nowMs, MAX_GROUP - group.length],
        )),
      );
    }
    group.sort((a, b) => a.id - b.id);
    await tx.exec('UPDATE notifications SET claim_lead = $2 WHERE account_id = $1 AND id = ANY($3::bigint[])', [lead.account_id, lead.id, group.map((r) => r.id)]);
    jobs.push(group.length === 1 ? { kind: 'notification', notification: toNotification(lead) } : { kind: 'group', notifications: group.map(toNotification) });
  }
  return jobs;
}

/**
 * The outbox claim in one transaction: attempts cut by a crash are logged first, then the oldest due
 * rows of each host are taken: notifications, then channel messages, then callbacks.
 */
export async function claimJobs(pg: Pg, q: ClaimQuery): Promise<OutboxJob[]> {
  return pg.tx(async (tx) => {
    await interrupt(tx, CALLBACKS, q);
    await interrupt(tx, NOTIFICATIONS, q);
    const jobs: OutboxJob[] = [];
    if (q.channels.length) jobs.push(...(await takeNotifications(tx, q)));
    for (const message of await claimChannelMessages(tx, q, q.limit - jobs.length)) jobs.push({ kind: 'channel', message });
    if (jobs.length < q.limit) {
      for (const r of await take<DeliveryRow & { host: string }>(tx, CALLBACKS, q, q.limit - jobs.length)) jobs.push({ kind: 'callback', delivery: toDelivery(r) });
    }
    return jobs;
  });
}

/** Logs an attempt and, when `worker` still holds the row, records its outcome and releases the claim. */
export async function recordAttempt(pg: Pg, job: OutboxJob, worker: string, r: JobResult): Promise<void> {
  await pg.tx(async (tx) => {
    if (job.kind === 'channel') return recordChannelAttempt(tx, job.message, worker, r);
    if (job.kind === 'callback') {
      const d = job.delivery;
      await tx.exec(
        `INSERT INTO callback_attempts (account_id, delivery, attempt, at, http_status, error, latency_ms)
         VALUES ($1, $2, (SELECT COUNT(*) + 1 FROM callback_attempts WHERE account_id = $1 AND delivery = $2), $3, $4, $5, $6)`,
        [d.accountId, d.id, r.at, r.httpStatus, r.error, r.latencyMs],
      );
      await tx.exec(
        `UPDATE callback_deliveries SET state = $3, attempts = attempts + 1, next_attempt_at = $4, last_status = $5, last_error = $6,
           last_latency_ms = $7, claimed_by = NULL, lease_until = NULL, delivered_at = CASE WHEN $3 = 'delivered' THEN $8 ELSE delivered_at END
         WHERE account_id = $1 AND id = $2 AND claimed_by = $9`,
        [d.accountId, d.id, r.state, r.nextAttemptAt, r.httpStatus, r.error, r.latencyMs, r.at, worker],
      );
      return;
    }
    const rows = job.kind === 'group' ? job.notifications : [job.notification];
    const accountId = rows[0]!.accountId;
    const ids = rows.map((n) => n.id);
    await tx.exec(
      `INSERT INTO notification_attempts (account_id, notification, attempt, at, error, latency_ms)
       SELECT $1, n, (SELECT COUNT(*) + 1 FROM notification_attempts WHERE account_id = $1 AND notification = n), $3, $4, $5 FROM unnest($2::bigint[]) AS n`,
      [accountId, ids, r.at, r.error, r.latencyMs],
    );
    // A grouped message once sent: each row keeps the message's id (what the receiver logged) and its size.
    await tx.exec(
      `UPDATE notifications SET state = $3, attempts = attempts + 1, next_attempt_at = $4, error = $5, claimed_by = NULL, lease_until = NULL,
         claim_lead = NULL, sent_at = CASE WHEN $3 = 'sent' THEN $6 ELSE sent_at END,
         group_size = CASE WHEN $3 = 'sent' THEN $8::integer ELSE group_size END,
         delivery_id = CASE WHEN $3 = 'sent' AND $9::text IS NOT NULL THEN $9::text ELSE delivery_id END
       WHERE account_id = $1 AND id = ANY($2::bigint[]) AND claimed_by = $7`,
      [accountId, ids, r.state === 'delivered' ? 'sent' : r.state, r.nextAttemptAt, r.error, Math.floor(r.at / 1000), worker, job.kind === 'group' ? rows.length : null, r.groupDeliveryId ?? null],
    );
  });
}
