import type { Batch } from '../../../../shared/ingest';
import { minuteOf } from '../../common/util';
import type { Db } from '../db';
import { MinuteCounter } from './log-sink';
import { statementCache } from './statement-cache';

const statements = statementCache((db: Db) => ({
  collecting: db.prepare<[number], { on: number }>(
    'SELECT transactions_on AND transactions_enabled AS "on" FROM accounts WHERE id = ?',
  ),
  log: db.prepare<[number, number, string], { id: number; limit: number }>(
    `SELECT id, "limit" AS "limit" FROM logs WHERE account_id = ? AND server_id = ? AND source_type = ?
     ORDER BY id LIMIT 1`,
  ),
  insert: db.prepare(
    `INSERT INTO transaction_messages (account_id, server_id, log_id, minute, time, log_type, event, version,
       application, pid, ppid, socket, own_ip, own_port, peer_ip, peer_port, statement, duration)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
}));

/**
 * Stores AFURL/AFSQL messages under the server's transaction log of that type, honouring its per-minute
 * limit. Nothing is kept while the account's transactions are off or disabled (a collector may lag a
 * minute behind the setting), nor for a server without such a log; turning transactions off deletes
 * the logs and, by cascade, their history.
 */
export function transactionSink(ctx: { db: Db; accountId: number; serverId: number }, batch: Pick<Batch, 'transactions'>): void {
  if (batch.transactions.length === 0) return;
  const s = statements(ctx.db);
  if (s.collecting.get(ctx.accountId)?.on !== 1) return;
  const counters = new Map<string, { id: number; counter: MinuteCounter } | null>();
  for (const t of batch.transactions) {
    let target = counters.get(t.log_type);
    if (target === undefined) {
      const log = s.log.get(ctx.accountId, ctx.serverId, t.log_type === 'url' ? 'AFURL' : 'AFSQL');
      target = log ? { id: log.id, counter: new MinuteCounter(ctx.db, ctx.accountId, log.id, log.limit) } : null;
      counters.set(t.log_type, target);
    }
    if (!target) continue;
    const minute = minuteOf(t.time);
    if (target.counter.take(minute, 'info') === null) continue;
    s.insert.run(
      ctx.accountId, ctx.serverId, target.id, minute, t.time, t.log_type, t.event, t.version, t.application,
      t.pid, t.ppid, t.socket, t.own_ip, t.own_port, t.peer_ip, t.peer_port, t.statement, t.duration,
    );
  }
  for (const target of counters.values()) target?.counter.save();
}
