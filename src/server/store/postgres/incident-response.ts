import { randomBytes } from 'node:crypto';
import { HISTORY_SELECT, toHistory, type HistoryRow } from '../common/history-rows';
import { toEvent, toNote, toTrace, USER_NAME, type EventRow, type NoteRow, type TraceRow } from '../common/incident-rows';
import type { AckOutcome, AckVia, IncidentRepo, NoteRecord, WebhookOutcome } from '../repos/incidents';
import { channelIds } from '../common/channel-rows';
import { viaData } from '../common/incident-rows';
import { enqueueChannelMessages } from './channel-outbox';
import type { Pg, Sql } from './db';

const read = async (sql: Sql, accountId: number, id: number) => {
  const r = await sql.row<HistoryRow>(`${HISTORY_SELECT} WHERE account_id = $1 AND id = $2`, [accountId, id]);
  return r ? toHistory(r) : null;
};

/**
 * Changes the acknowledgement and records its event inside `sql`'s transaction. The history's row is
 * locked first, so two people acknowledging at once take turns and only the first is recorded. An
 * acknowledgement queues ACKNOWLEDGED to the alert's channels with it (PagerDuty's acknowledge, a line in Slack and Teams).
 */
async function change(sql: Sql, accountId: number, historyId: number, userId: number, at: number, kind: 'acknowledged' | 'unacknowledged', via?: AckVia): Promise<AckOutcome> {
  await sql.exec('SELECT 1 FROM alert_histories WHERE account_id = $1 AND id = $2 FOR NO KEY UPDATE', [accountId, historyId]);
  const changed =
    kind === 'acknowledged'
      ? await sql.exec(
          `UPDATE alert_histories SET acknowledged_by = $3, acknowledged_at = $4
            WHERE account_id = $1 AND id = $2 AND "end" IS NULL AND acknowledged_at IS NULL`,
          [accountId, historyId, userId, at],
        )
      : await sql.exec(
          `UPDATE alert_histories SET acknowledged_by = NULL, acknowledged_at = NULL
            WHERE account_id = $1 AND id = $2 AND "end" IS NULL AND acknowledged_at IS NOT NULL`,
          [accountId, historyId],
        );
  const h = await read(sql, accountId, historyId);
  if (!h) return { kind: 'missing' };
  if (changed === 0) return { kind: h.end !== null ? 'resolved' : 'unchanged', history: h };
  await sql.exec(`INSERT INTO incident_events (account_id, history_id, kind, user_id, data, at) VALUES ($1, $2, $3, $4, $5::jsonb, $6)`, [
    accountId, historyId, kind, userId, JSON.stringify(viaData(via)), at,
  ]);
  if (kind === 'acknowledged') {
    const a = await sql.row<{ channels: unknown }>('SELECT channels FROM alerts WHERE account_id = $1 AND id = $2', [accountId, h.alertId]);
    // Channels an escalation step told (issue 19) hear of the acknowledgement as the alert's own do.
    const walked = await sql.rows<{ channel_id: number }>("SELECT DISTINCT channel_id FROM channel_messages WHERE account_id = $1 AND alert_history_id = $2 AND event = 'TRIGGERED'", [accountId, historyId]);
    // The channel the acknowledgement came through already knows: it is not told back (no echo).
    const items = [...new Set([...channelIds(a?.channels), ...walked.map((r) => Number(r.channel_id))])].filter((id) => id !== via?.channelId).map((channelId) => ({ channelId, alertId: h.alertId, historyId, event: 'ACKNOWLEDGED' as const, silenced: h.silenced }));
    await enqueueChannelMessages(sql, accountId, items, Date.now());
  }
  return { kind: 'done', history: h };
}

/** Adds a note to a history of the account (none when it is not one), in `sql`. */
async function insertNote(sql: Sql, accountId: number, historyId: number, userId: number | null, text: string, at: number): Promise<NoteRecord | null> {
  const r = await sql.row<NoteRow>(
    `WITH n AS (
       INSERT INTO incident_notes (account_id, history_id, user_id, text, created)
       SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM alert_histories WHERE account_id = $1 AND id = $2)
       RETURNING id, account_id, history_id, user_id, text, created)
     SELECT n.id, n.history_id, n.user_id, ${USER_NAME} AS user_name, n.text, n.created
       FROM n LEFT JOIN users u ON u.account_id = n.account_id AND u.id = n.user_id`,
    [accountId, historyId, userId, text, at],
  );
  return r ? toNote(r) : null;
}

export function pgIncidents(pg: Pg): IncidentRepo {
  return {
    acknowledge: (accountId, historyId, userId, at, via) => pg.tx((tx) => change(tx, accountId, historyId, userId, at, 'acknowledged', via)),
    unacknowledge: (accountId, historyId, userId, at, via) => pg.tx((tx) => change(tx, accountId, historyId, userId, at, 'unacknowledged', via)),
    addNote: (accountId, historyId, userId, text, at) => insertNote(pg, accountId, historyId, userId, text, at),
    async appendEvent(accountId, historyId, e) {
      return pg.tx(async (tx) => {
        const n = await tx.exec(
          `INSERT INTO incident_events (account_id, history_id, kind, user_id, data, at)
           SELECT $1, $2, $3, $4, $5::jsonb, $6 WHERE EXISTS (SELECT 1 FROM alert_histories WHERE account_id = $1 AND id = $2)`,
          [accountId, historyId, e.kind, e.userId, JSON.stringify(e.data ?? {}), e.at],
        );
        if (n && e.kind === 'silenced') await tx.exec('UPDATE alert_histories SET silenced = true WHERE account_id = $1 AND id = $2', [accountId, historyId]);
        return n > 0;
      });
    },
    async timelineSources(accountId, historyId) {
      const h = await read(pg, accountId, historyId);
      if (!h) return null;
      const args = [accountId, historyId];
      const [events, notes, traces] = await Promise.all([
        pg.rows<EventRow>(
          `SELECT e.id, e.kind, e.user_id, ${USER_NAME} AS user_name, e.data, e.at
             FROM incident_events e LEFT JOIN users u ON u.account_id = e.account_id AND u.id = e.user_id
            WHERE e.account_id = $1 AND e.history_id = $2 ORDER BY e.id`,
          args,
        ),
        pg.rows<NoteRow>(
          `SELECT n.id, n.history_id, n.user_id, ${USER_NAME} AS user_name, n.text, n.created
             FROM incident_notes n LEFT JOIN users u ON u.account_id = n.account_id AND u.id = n.user_id
            WHERE n.account_id = $1 AND n.history_id = $2 ORDER BY n.id`,
          args,
        ),
        pg.rows<TraceRow>(
          `SELECT n.channel, n.recipient, n.event, n.state, n.attempts, n.error, n.delivery_id, n.created, 0 AS created_ms, n.group_size,
              (SELECT MAX(at) FROM notification_attempts x WHERE x.account_id = n.account_id AND x.notification = n.id) AS last_at
             FROM notifications n WHERE n.account_id = $1 AND n.alert_history_id = $2
           UNION ALL
           SELECT 'callback', c.url, c.status, c.state, c.attempts, c.last_error, c.delivery_id, c.created, 1, NULL,
              (SELECT MAX(at) FROM callback_attempts x WHERE x.account_id = c.account_id AND x.delivery = c.id)
             FROM callback_deliveries c WHERE c.account_id = $1 AND c.alert_history_id = $2
           UNION ALL
           SELECT m.channel_type, m.channel_name, m.event, m.state, m.attempts, m.last_error, m.delivery_id, m.created, 1, NULL,
              (SELECT MAX(at) FROM channel_attempts x WHERE x.account_id = m.account_id AND x.message = m.id)
             FROM channel_messages m WHERE m.account_id = $1 AND m.alert_history_id = $2`,
          args,
        ),
      ]);
      return { history: h, events: events.map(toEvent), notes: notes.map(toNote), deliveries: traces.map(toTrace) };
    },
    async ackSecret(accountId) {
      const found = await pg.row<{ secret: string }>('SELECT secret FROM ack_secrets WHERE account_id = $1', [accountId]);
      if (found) return found.secret;
      // Replicas racing here all read the one row that won.
      await pg.exec('INSERT INTO ack_secrets (account_id, secret, created) VALUES ($1, $2, $3) ON CONFLICT (account_id) DO NOTHING', [
        accountId, randomBytes(32).toString('base64url'), Math.floor(Date.now() / 1000),
      ]);
      return (await pg.row<{ secret: string }>('SELECT secret FROM ack_secrets WHERE account_id = $1', [accountId]))!.secret;
    },
    async tokenUsedAt(accountId, nonce) {
      return (await pg.row<{ used_at: number }>('SELECT used_at FROM ack_token_uses WHERE account_id = $1 AND nonce = $2', [accountId, nonce]))?.used_at ?? null;
    },
    acknowledgeByToken: (accountId, nonce, historyId, userId, at) =>
      pg.tx(async (tx) => {
        // The use is claimed first: of two POSTs of one link at once, the second waits here and then finds it used.
        const claimed = await tx.exec(
          'INSERT INTO ack_token_uses (account_id, nonce, history_id, user_id, used_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (account_id, nonce) DO NOTHING',
          [accountId, nonce, historyId, userId, at],
        );
        if (!claimed) {
          const before = await tx.row<{ used_at: number }>('SELECT used_at FROM ack_token_uses WHERE account_id = $1 AND nonce = $2', [accountId, nonce]);
          return { kind: 'used' as const, usedAt: before?.used_at ?? at };
        }
        const out = await change(tx, accountId, historyId, userId, at, 'acknowledged');
        // A resolved or missing incident leaves the link unused (the answer says why).
        if (out.kind === 'resolved' || out.kind === 'missing') await tx.exec('DELETE FROM ack_token_uses WHERE account_id = $1 AND nonce = $2', [accountId, nonce]);
        return out;
      }),
    actOnWebhookEvent: (accountId, historyId, e, action, at) =>
      pg.tx(async (tx): Promise<WebhookOutcome> => {
        // The event id is claimed first, by the primary key: of two deliveries at once (two replicas), the
        // second waits here for the first's transaction and then finds the id taken.
        const key = [accountId, e.channelId, e.eventId];
        const claimed = await tx.exec(
          'INSERT INTO webhook_events (account_id, channel_id, event_id, history_id, received) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (account_id, channel_id, event_id) DO NOTHING',
          [...key, historyId, at],
        );
        if (!claimed) {
          const before = await tx.row<{ received: string | number }>('SELECT received FROM webhook_events WHERE account_id = $1 AND channel_id = $2 AND event_id = $3', key);
          return { kind: 'duplicate', receivedAt: Number(before?.received ?? at) };
        }
        let out: WebhookOutcome;
        if (action.kind === 'note') {
          const n = await insertNote(tx, accountId, historyId, null, action.text, at);
          out = n ? { kind: 'noted', note: n } : { kind: 'missing' };
        } else out = await change(tx, accountId, historyId, action.userId, at, action.kind, action.via);
        // A missing incident or a refused change gives the claim back (a later delivery is judged afresh).
        if (out.kind === 'missing' || out.kind === 'resolved') await tx.exec('DELETE FROM webhook_events WHERE account_id = $1 AND channel_id = $2 AND event_id = $3', key);
        return out;
      }),
    pruneWebhookEvents: (before) => pg.exec('DELETE FROM webhook_events WHERE received < $1', [before]),
  };
}
