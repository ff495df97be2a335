import type { Batch } from '../../../../shared/ingest';
import type { Db } from '../db';
import { statementCache } from './statement-cache';

const statements = statementCache((db: Db) => ({
  insert: db.prepare(
    `INSERT INTO socket_connections (account_id, server_id, minute, pid, create_time, role, local_ip, local_port,
       peer_ip, peer_port, state, sent, recv, responses, response_time_us)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
}));

/** Stores the batch's socket connections under the batch minute; traces and topology pair them. */
export function connectionSink(ctx: { db: Db; accountId: number; serverId: number; minute: number }, batch: Batch): void {
  if (batch.connections.length === 0) return;
  const s = statements(ctx.db);
  for (const c of batch.connections) {
    s.insert.run(
      ctx.accountId, ctx.serverId, ctx.minute, c.pid, c.create_time, c.role, c.local_ip, c.local_port,
      c.peer_ip, c.peer_port, c.state, c.sent, c.recv, c.responses, c.response_time_us,
    );
  }
}
