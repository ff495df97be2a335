import { toChannel, toChannelMessage, type ChannelMessageRow, type ChannelRow } from '../common/channel-rows';
import type { ChannelAttempt, ChannelRepo } from '../repos/channels';
import { enqueueChannelMessages } from './channel-outbox';
import type { Pg } from './db';

const GONE = 'the channel was deleted';

export function pgChannels(pg: Pg): ChannelRepo {
  const byId = async (accountId: number, id: number) => {
    const r = await pg.row<ChannelRow>('SELECT * FROM channels WHERE account_id = $1 AND id = $2', [accountId, id]);
    return r ? toChannel(r) : null;
  };
  return {
    async list(accountId, paging) {
      const total = (await pg.row<{ n: number }>('SELECT COUNT(*) AS n FROM channels WHERE account_id = $1', [accountId]))!.n;
      const rows = await pg.rows<ChannelRow>('SELECT * FROM channels WHERE account_id = $1 ORDER BY id LIMIT $2 OFFSET $3', [accountId, paging.limit, paging.page * paging.limit]);
      return { total, items: rows.map(toChannel) };
    },
    get: byId,
    async findForWebhook(id) {
      const r = await pg.row<ChannelRow>('SELECT * FROM channels WHERE id = $1', [id]);
      return r ? toChannel(r) : null;
    },
    async create(accountId, w, now) {
      const r = await pg.row<ChannelRow>('INSERT INTO channels (account_id, name, type, settings, created, updated) VALUES ($1, $2, $3, $4::jsonb, $5, $5) RETURNING *', [
        accountId, w.name, w.settings.type, JSON.stringify(w.settings), now,
      ]);
      return toChannel(r!);
    },
    async update(accountId, id, w, now) {
      const r = await pg.row<ChannelRow>('UPDATE channels SET name = $3, settings = $4::jsonb, updated = $5 WHERE account_id = $1 AND id = $2 RETURNING *', [
        accountId, id, w.name, JSON.stringify(w.settings), now,
      ]);
      return r ? toChannel(r) : null;
    },
    delete: (accountId, id, nowMs) =>
      pg.tx(async (tx) => {
        if ((await tx.exec('DELETE FROM channels WHERE account_id = $1 AND id = $2', [accountId, id])) === 0) return false;
        await tx.exec('UPDATE alerts SET channels = array_remove(channels, $2::bigint) WHERE account_id = $1 AND $2::bigint = ANY (channels)', [accountId, id]);
        await tx.exec(`UPDATE channel_messages SET state = 'failed', last_error = $3, next_attempt_at = $4 WHERE account_id = $1 AND channel_id = $2 AND state = 'pending' AND claimed_by IS NULL`, [
          accountId, id, GONE, nowMs,
        ]);
        return true;
      }),
    async missing(accountId, ids) {
      const found = new Set((await pg.rows<{ id: number }>('SELECT id FROM channels WHERE account_id = $1 AND id = ANY ($2::bigint[])', [accountId, [...ids]])).map((r) => Number(r.id)));
      return [...new Set(ids)].filter((id) => !found.has(id));
    },
    async deliveries(accountId, channelId, paging) {
      const total = (await pg.row<{ n: number }>('SELECT COUNT(*) AS n FROM channel_messages WHERE account_id = $1 AND channel_id = $2', [accountId, channelId]))!.n;
      const rows = await pg.rows<ChannelMessageRow>('SELECT * FROM channel_messages WHERE account_id = $1 AND channel_id = $2 ORDER BY id DESC LIMIT $3 OFFSET $4', [
        accountId, channelId, paging.limit, paging.page * paging.limit,
      ]);
      return { total, items: rows.map(toChannelMessage) };
    },
    async delivery(accountId, channelId, id) {
      const r = await pg.row<ChannelMessageRow>('SELECT * FROM channel_messages WHERE account_id = $1 AND channel_id = $2 AND id = $3', [accountId, channelId, id]);
      return r ? toChannelMessage(r) : null;
    },
    async attempts(accountId, messageId) {
      return pg.rows<ChannelAttempt>('SELECT attempt, at, http_status, error, latency_ms FROM channel_attempts WHERE account_id = $1 AND message = $2 ORDER BY attempt', [accountId, messageId]);
    },
    enqueueTest: (accountId, channelId, nowMs) =>
      pg.tx(async (tx) => (await enqueueChannelMessages(tx, accountId, [{ channelId, alertId: null, historyId: null, event: 'TEST' }], nowMs))[0] ?? null),
  };
}
