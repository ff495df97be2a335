import { toChannel, toChannelMessage, type ChannelMessageRow, type ChannelRow } from '../common/channel-rows';
import type { ChannelAttempt, ChannelRepo } from '../repos/channels';
import { channelMessageWriter } from './channel-outbox';
import type { Db } from './db';

const GONE = 'the channel was deleted';

export function sqliteChannels(db: Db): ChannelRepo {
  const byId = db.prepare<[number, number], ChannelRow>('SELECT * FROM channels WHERE account_id = ? AND id = ?');
  const insert = db.prepare('INSERT INTO channels (account_id, name, type, settings, created, updated) VALUES (?, ?, ?, ?, ?, ?)');
  const change = db.prepare('UPDATE channels SET name = ?, settings = ?, updated = ? WHERE account_id = ? AND id = ?');
  const message = db.prepare<[number, number, number], ChannelMessageRow>('SELECT * FROM channel_messages WHERE account_id = ? AND channel_id = ? AND id = ?');
  const write = channelMessageWriter(db);

  const remove = db.transaction((accountId: number, id: number, nowMs: number) => {
    if (db.prepare('DELETE FROM channels WHERE account_id = ? AND id = ?').run(accountId, id).changes === 0) return false;
    db.prepare(
      `UPDATE alerts SET channels = (SELECT json_group_array(value) FROM json_each(alerts.channels) WHERE value != @id)
        WHERE account_id = @account AND EXISTS (SELECT 1 FROM json_each(alerts.channels) WHERE value = @id)`,
    ).run({ account: accountId, id });
    db.prepare(`UPDATE channel_messages SET state = 'failed', last_error = ?, next_attempt_at = ? WHERE account_id = ? AND channel_id = ? AND state = 'pending' AND claimed_by IS NULL`).run(
      GONE, nowMs, accountId, id,
    );
    return true;
  });
  const test = db.transaction((accountId: number, channelId: number, nowMs: number) => write(accountId, [{ channelId, alertId: null, historyId: null, event: 'TEST' }], nowMs)[0] ?? null);

  return {
    async list(accountId, paging) {
      const total = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM channels WHERE account_id = ?').get(accountId)!.n;
      const rows = db.prepare<[number, number, number], ChannelRow>('SELECT * FROM channels WHERE account_id = ? ORDER BY id LIMIT ? OFFSET ?').all(accountId, paging.limit, paging.page * paging.limit);
      return { total, items: rows.map(toChannel) };
    },
    async get(accountId, id) {
      const r = byId.get(accountId, id);
      return r ? toChannel(r) : null;
    },
    async findForWebhook(id) {
      const r = db.prepare<[number], ChannelRow>('SELECT * FROM channels WHERE id = ?').get(id);
      return r ? toChannel(r) : null;
    },
    async create(accountId, w, now) {
      const id = Number(insert.run(accountId, w.name, w.settings.type, JSON.stringify(w.settings), now, now).lastInsertRowid);
      return toChannel(byId.get(accountId, id)!);
    },
    async update(accountId, id, w, now) {
      if (change.run(w.name, JSON.stringify(w.settings), now, accountId, id).changes === 0) return null;
      return toChannel(byId.get(accountId, id)!);
    },
    async delete(accountId, id, nowMs) {
      return remove.immediate(accountId, id, nowMs);
    },
    async missing(accountId, ids) {
      const found = new Set(
        db
          .prepare<[number, string], { id: number }>('SELECT id FROM channels WHERE account_id = ? AND id IN (SELECT value FROM json_each(?))')
          .all(accountId, JSON.stringify(ids))
          .map((r) => r.id),
      );
      return [...new Set(ids)].filter((id) => !found.has(id));
    },
    async deliveries(accountId, channelId, paging) {
      const total = db.prepare<[number, number], { n: number }>('SELECT COUNT(*) AS n FROM channel_messages WHERE account_id = ? AND channel_id = ?').get(accountId, channelId)!.n;
      const rows = db
        .prepare<[number, number, number, number], ChannelMessageRow>('SELECT * FROM channel_messages WHERE account_id = ? AND channel_id = ? ORDER BY id DESC LIMIT ? OFFSET ?')
        .all(accountId, channelId, paging.limit, paging.page * paging.limit);
      return { total, items: rows.map(toChannelMessage) };
    },
    async delivery(accountId, channelId, id) {
      const r = message.get(accountId, channelId, id);
      return r ? toChannelMessage(r) : null;
    },
    async attempts(accountId, messageId) {
      return db
        .prepare<[number, number], ChannelAttempt>('SELECT attempt, at, http_status, error, latency_ms FROM channel_attempts WHERE account_id = ? AND message = ? ORDER BY attempt')
        .all(accountId, messageId);
    },
    async enqueueTest(accountId, channelId, nowMs) {
      return test.immediate(accountId, channelId, nowMs);
    },
  };
}
