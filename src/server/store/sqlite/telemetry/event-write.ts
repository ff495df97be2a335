import type { EventParts } from '../../repos/telemetry';
import type { Db } from '../db';
import { logSink } from './log-sink';
import { transactionSink } from './transaction-sink';

/**
 * Log and transaction messages outside a collector batch (OTLP, issue 20), in one transaction, as a
 * batch's would be written (PostgreSQL: postgres/telemetry/event-write.ts).
 */
export function writeEventParts(db: Db, accountId: number, serverId: number, events: EventParts): void {
  const ctx = { db, accountId, serverId };
  db.transaction(() => {
    logSink(ctx, events);
    transactionSink(ctx, events);
  }).immediate();
}
