import { batch as batchSchema, type Batch } from '../../shared/ingest';
import { connectionSink } from '../store/sqlite/telemetry/connection-sink';
import { logSink } from '../store/sqlite/telemetry/log-sink';
import { polledSink } from '../store/sqlite/telemetry/polled-sink';
import { transactionSink } from '../store/sqlite/telemetry/transaction-sink';
import { seedServer, type TestAccount, type TestService } from './harness';

let seq = 0;

/** A minimal valid batch for `minute`, with the given parts. */
export function eventBatch(minute: number, parts: Partial<Omit<Batch, 'batch_id' | 'guid' | 'minute'>> & { guid?: string }): Batch {
  return batchSchema.parse({ batch_id: `b-${Date.now()}-${seq++}`, guid: parts.guid ?? 'g', minute, server: { cpu: 1, memory: 1 }, ...parts });
}

/** A server of `account` with its guid, to address batches to. */
export function eventServer(svc: TestService, account: TestAccount, hostname: string): { id: number; guid: string } {
  const guid = `guid-${hostname}-${seq++}`;
  return { id: seedServer(svc.db, account.id, { hostname, guid }), guid };
}

/**
 * Stores a batch's events for a server, in one transaction, exactly as the ingest path's sinks do.
 * (Runs the sinks directly: the batch endpoint's own tests cover HTTP, gzip and replay.)
 */
export function storeEvents(svc: TestService, account: TestAccount, serverId: number, b: Batch): void {
  const ctx = { db: svc.db, accountId: account.id, serverId, minute: b.minute };
  svc.db.transaction(() => {
    for (const sink of [logSink, polledSink, connectionSink, transactionSink]) sink(ctx, b);
  })();
}

/** Inserts a log row directly (the logs CRUD is tested elsewhere). */
export function seedLog(svc: TestService, account: TestAccount, serverId: number, sourceType: string, source: string, limit = 2000): number {
  const r = svc.db
    .prepare('INSERT INTO logs (account_id, server_id, source_type, source, "limit", updated) VALUES (?, ?, ?, ?, ?, 0)')
    .run(account.id, serverId, sourceType, source, limit);
  return Number(r.lastInsertRowid);
}
