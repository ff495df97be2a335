import type { EventParts } from '../../repos/telemetry';
import type { Pg } from '../db';
import { ensurePartitions } from '../partitions';
import { logsAndTransactions } from './event-sink';
import { EVENT_TABLES } from './events';

/**
 * Log and transaction messages outside a collector batch (OTLP, issue 20), in one transaction under
 * the server's ingest lock, as a batch's would be written (SQLite: sqlite/telemetry/event-write.ts).
 * The day partitions of their times are made first, on the pool.
 */
export async function writeEventParts(pg: Pg, accountId: number, serverId: number, events: EventParts): Promise<void> {
  const times = [...events.logs.flatMap((l) => l.messages.map((m) => m.time)), ...events.transactions.map((t) => t.time)];
  if (times.length === 0) return;
  for (const spec of EVENT_TABLES) await ensurePartitions(pg, spec, times);
  const minute = Math.floor(times[0]! / 60) * 60;
  await pg.tx((tx) => logsAndTransactions(tx, { accountId, serverId, minute }, events), { lock: [accountId, serverId] });
}
