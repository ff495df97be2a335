import { randomBytes } from 'node:crypto';
import { HISTORY_SELECT, toHistory, type HistoryRow } from '../common/history-rows';
import { toEvent, toNote, toTrace, USER_NAME, type EventRow, type NoteRow, type TraceRow } from '../common/incident-rows';
import type { AckOutcome, AckVia, IncidentEventKind, IncidentRepo, NoteRecord, WebhookAction, WebhookEvent, WebhookOutcome } from '../repos/incidents';
import { channelIds } from '../common/channel-rows';
import { viaData } from '../common/incident-rows';
import { channelMessageWriter } from './channel-outbox';
import type { Db } from './db';

export function sqliteIncidents(db: Db): IncidentRepo {
  const history = db.prepare<[number, number], HistoryRow>(`${HISTORY_SELECT} WHERE account_id = ? AND id = ?`);
  const ack = db.prepare(`UPDATE alert_histories SET acknowledged_by = ?, acknowledged_at = ?
    WHERE account_id = ? AND id = ? AND "end" IS NULL AND acknowledged_at IS NULL`);
  const unack = db.prepare(`UPDATE alert_histories SET acknowledged_by = NULL, acknowledged_at = NULL
    WHERE account_id = ? AND id = ? AND "end" IS NULL AND acknowledged_at IS NOT NULL`);
  const insertEvent = db.prepare('INSERT INTO incident_events (account_id, history_id, kind, user_id, data, at) VALUES (?, ?, ?, ?, ?, ?)');
  const insertNote = db.prepare('INSERT INTO incident_notes (account_id, history_id, user_id, text, created) VALUES (?, ?, ?, ?, ?)');
  const noteById = db.prepare<[number, number], NoteRow>(`SELECT n.id, n.history_id, n.user_id, ${USER_NAME} AS user_name, n.text, n.created
    FROM incident_notes n LEFT JOIN users u ON u.account_id = n.account_id AND u.id = n.user_id WHERE n.account_id = ? AND n.id = ?`);
  const notes = db.prepare<[number, number], NoteRow>(`SELECT n.id, n.history_id, n.user_id, ${USER_NAME} AS user_name, n.text, n.created
    FROM incident_notes n LEFT JOIN users u ON u.account_id = n.account_id AND u.id = n.user_id
    WHERE n.account_id = ? AND n.history_id = ? ORDER BY n.id`);
  const events = db.prepare<[number, number], EventRow>(`SELECT e.id, e.kind, e.user_id, ${USER_NAME} AS user_name, e.data, e.at
    FROM incident_events e LEFT JOIN users u ON u.account_id = e.account_id AND u.id = e.user_id
    WHERE e.account_id = ? AND e.history_id = ? ORDER BY e.id`);
  const traces = db.prepare<{ a: number; h: number }, TraceRow>(`
    SELECT n.channel, n.recipient, n.event, n.state, n.attempts, n.error, n.delivery_id, n.created, 0 AS created_ms, n.group_size,
      (SELECT MAX(at) FROM notification_attempts x WHERE x.notification = n.id) AS last_at
      FROM notifications n WHERE n.account_id = @a AND n.alert_history_id = @h
    UNION ALL
    SELECT 'callback', c.url, c.status, c.state, c.attempts, c.last_error, c.delivery_id, c.created, 1, NULL,
      (SELECT MAX(at) FROM callback_attempts x WHERE x.delivery = c.id)
      FROM callback_deliveries c WHERE c.account_id = @a AND c.alert_history_id = @h
    UNION ALL
    SELECT m.channel_type, m.channel_name, m.event, m.state, m.attempts, m.last_error, m.delivery_id, m.created, 1, NULL,
      (SELECT MAX(at) FROM channel_attempts x WHERE x.message = m.id)
      FROM channel_messages m WHERE m.account_id = @a AND m.alert_history_id = @h`);
  const secret = db.prepare<[number], { secret: string }>('SELECT secret FROM ack_secrets WHERE account_id = ?');
  const putSecret = db.prepare('INSERT INTO ack_secrets (account_id, secret, created) VALUES (?, ?, ?) ON CONFLICT (account_id) DO NOTHING');
  const used = db.prepare<[number, string], { used_at: number }>('SELECT used_at FROM ack_token_uses WHERE account_id = ? AND nonce = ?');
  const use = db.prepare('INSERT INTO ack_token_uses (account_id, nonce, history_id, user_id, used_at) VALUES (?, ?, ?, ?, ?)');

  const alertChannels = db.prepare<[number, number], { channels: string }>('SELECT channels FROM alerts WHERE account_id = ? AND id = ?');
  const tell = channelMessageWriter(db);
  // Channels an escalation step told (issue 19) hear of the acknowledgement as the alert's own do.
  const walkChannels = db.prepare<[number, number], { channel_id: number }>(
    "SELECT DISTINCT channel_id FROM channel_messages WHERE account_id = ? AND alert_history_id = ? AND event = 'TRIGGERED'",
  );

  const read = (accountId: number, id: number) => {
    const r = history.get(accountId, id);
    return r ? toHistory(r) : null;
  };

  /**
   * Changes the acknowledgement and records its event, in the caller's transaction; an acknowledgement
   * queues ACKNOWLEDGED to the alert's channels with it (PagerDuty's acknowledge, a line in Slack and Teams).
   */
  const change = (accountId: number, historyId: number, userId: number, at: number, kind: 'acknowledged' | 'unacknowledged', via?: AckVia): AckOutcome => {
    const changed = kind === 'acknowledged' ? ack.run(userId, at, accountId, historyId).changes : unack.run(accountId, historyId).changes;
    const h = read(accountId, historyId);
    if (!h) return { kind: 'missing' };
    if (changed === 0) return { kind: h.end !== null ? 'resolved' : 'unchanged', history: h };
    insertEvent.run(accountId, historyId, kind, userId, JSON.stringify(viaData(via)), at);
    if (kind === 'acknowledged') {
      // The channel the acknowledgement came through already knows: it is not told back (no echo).
      const ids = [...new Set([...channelIds(alertChannels.get(accountId, h.alertId)?.channels ?? '[]'), ...walkChannels.all(accountId, historyId).map((r) => r.channel_id)])].filter(
        (id) => id !== via?.channelId,
      );
      tell(accountId, ids.map((channelId) => ({ channelId, alertId: h.alertId, historyId, event: 'ACKNOWLEDGED', silenced: h.silenced })), Date.now());
    }
    return { kind: 'done', history: h };
  };
  const changeTx = db.transaction(change);

  const byToken = db.transaction((accountId: number, nonce: string, historyId: number, userId: number, at: number) => {
    const before = used.get(accountId, nonce);
    if (before) return { kind: 'used' as const, usedAt: before.used_at };
    const out = change(accountId, historyId, userId, at, 'acknowledged');
    if (out.kind === 'done' || out.kind === 'unchanged') use.run(accountId, nonce, historyId, userId, at);
    return out;
  });

  const note = (accountId: number, historyId: number, userId: number | null, text: string, at: number): NoteRecord | null => {
    if (!history.get(accountId, historyId)) return null;
    const id = Number(insertNote.run(accountId, historyId, userId, text, at).lastInsertRowid);
    return toNote(noteById.get(accountId, id)!);
  };

  // A webhook event's id is claimed by its primary key in the transaction of its change (immediate, so
  // two deliveries at once take turns); a missing incident or a refused change gives the claim back.
  const claimEvent = db.prepare('INSERT INTO webhook_events (account_id, channel_id, event_id, history_id, received) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING');
  const eventReceived = db.prepare<[number, number, string], { received: number }>('SELECT received FROM webhook_events WHERE account_id = ? AND channel_id = ? AND event_id = ?');
  const unclaimEvent = db.prepare('DELETE FROM webhook_events WHERE account_id = ? AND channel_id = ? AND event_id = ?');
  const pruneEvents = db.prepare('DELETE FROM webhook_events WHERE received < ?');
  const webhook = db.transaction((accountId: number, historyId: number, e: WebhookEvent, action: WebhookAction, at: number): WebhookOutcome => {
    if (claimEvent.run(accountId, e.channelId, e.eventId, historyId, at).changes === 0) {
      return { kind: 'duplicate', receivedAt: eventReceived.get(accountId, e.channelId, e.eventId)?.received ?? at };
    }
    let out: WebhookOutcome;
    if (action.kind === 'note') {
      const n = note(accountId, historyId, null, action.text, at);
      out = n ? { kind: 'noted', note: n } : { kind: 'missing' };
    } else out = change(accountId, historyId, action.userId, at, action.kind, action.via);
    if (out.kind === 'missing' || out.kind === 'resolved') unclaimEvent.run(accountId, e.channelId, e.eventId);
    return out;
  });

  const markSilenced = db.prepare('UPDATE alert_histories SET silenced = 1 WHERE account_id = ? AND id = ?');
  const event = db.transaction((accountId: number, historyId: number, kind: IncidentEventKind, userId: number | null, data: unknown, at: number) => {
    if (!history.get(accountId, historyId)) return false;
    insertEvent.run(accountId, historyId, kind, userId, JSON.stringify(data ?? {}), at);
    if (kind === 'silenced') markSilenced.run(accountId, historyId);
    return true;
  });

  return {
    async acknowledge(accountId, historyId, userId, at, via) {
      return changeTx.immediate(accountId, historyId, userId, at, 'acknowledged', via);
    },
    async unacknowledge(accountId, historyId, userId, at, via) {
      return changeTx.immediate(accountId, historyId, userId, at, 'unacknowledged', via);
    },
    async addNote(accountId, historyId, userId, text, at) {
      return note(accountId, historyId, userId, text, at);
    },
    async appendEvent(accountId, historyId, e) {
      return event(accountId, historyId, e.kind, e.userId, e.data, e.at);
    },
    async timelineSources(accountId, historyId) {
      const h = read(accountId, historyId);
      if (!h) return null;
      return {
        history: h,
        events: events.all(accountId, historyId).map(toEvent),
        notes: notes.all(accountId, historyId).map(toNote),
        deliveries: traces.all({ a: accountId, h: historyId }).map(toTrace),
      };
    },
    async ackSecret(accountId) {
      const found = secret.get(accountId);
      if (found) return found.secret;
      putSecret.run(accountId, randomBytes(32).toString('base64url'), Math.floor(Date.now() / 1000));
      return secret.get(accountId)!.secret;
    },
    async tokenUsedAt(accountId, nonce) {
      return used.get(accountId, nonce)?.used_at ?? null;
    },
    async acknowledgeByToken(accountId, nonce, historyId, userId, at) {
      return byToken.immediate(accountId, nonce, historyId, userId, at);
    },
    async actOnWebhookEvent(accountId, historyId, event, action, at) {
      return webhook.immediate(accountId, historyId, event, action, at);
    },
    async pruneWebhookEvents(before) {
      return pruneEvents.run(before).changes;
    },
  };
}
