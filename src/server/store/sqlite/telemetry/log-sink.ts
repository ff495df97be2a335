import type { Batch } from '../../../../shared/ingest';
import { SEVERITY_CODE } from '../../common/log-data';
import { minuteOf } from '../../common/util';
import type { Db } from '../db';
import { statementCache } from './statement-cache';

interface MinuteCounts {
  info: number;
  warning: number;
  critical: number;
}
const kept = (c: MinuteCounts) => c.info + c.warning + c.critical;

const statements = statementCache((db: Db) => ({
  log: db.prepare<[number, number, number], { limit: number }>(
    `SELECT "limit" AS "limit" FROM logs WHERE id = ? AND account_id = ? AND server_id = ?
       AND source_type IN ('EVENTLOG', 'SYSLOG', 'FILE')`,
  ),
  counts: db.prepare<[number, number], MinuteCounts>(
    'SELECT info, warning, critical FROM log_counts WHERE log_id = ? AND minute = ?',
  ),
  saveCounts: db.prepare(
    `INSERT INTO log_counts (log_id, minute, account_id, info, warning, critical) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (log_id, minute) DO UPDATE SET info = excluded.info, warning = excluded.warning, critical = excluded.critical`,
  ),
  insert: db.prepare(
    'INSERT INTO log_messages (log_id, minute, seq, account_id, time, severity, data) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ),
}));

/** Per-minute counters of one log, loaded lazily and written back once per batch. */
export class MinuteCounter {
  private readonly minutes = new Map<number, MinuteCounts>();
  constructor(
    private readonly db: Db,
    private readonly accountId: number,
    private readonly logId: number,
    private readonly limit: number,
  ) {}

  /** Counts a message of the minute if the log's limit allows; returns its sequence number or null. */
  take(minute: number, severity: keyof MinuteCounts): number | null {
    let c = this.minutes.get(minute);
    if (!c) {
      c = statements(this.db).counts.get(this.logId, minute) ?? { info: 0, warning: 0, critical: 0 };
      this.minutes.set(minute, c);
    }
    const seq = kept(c);
    if (seq >= this.limit) return null;
    c[severity]++;
    return seq;
  }

  save(): void {
    const s = statements(this.db);
    for (const [minute, c] of this.minutes) s.saveCounts.run(this.logId, minute, this.accountId, c.info, c.warning, c.critical);
  }
}

/** The server's own non-transaction log's `limit`, or null when the log is not the server's. */
export function logLimit(db: Db, accountId: number, serverId: number, logId: number): number | null {
  return statements(db).log.get(logId, accountId, serverId)?.limit ?? null;
}

/**
 * Stores a batch's log messages under the server's own logs, at most `limit` per log per minute
 * (the spec's "maximum messages collected"); the per-minute counts count the messages kept. Uploads
 * for a log that is not this server's (deleted meanwhile, or foreign) are dropped, not refused: a
 * collector may run on a stale configuration for up to a minute.
 */
export function logSink(ctx: { db: Db; accountId: number; serverId: number }, batch: Pick<Batch, 'logs'>): void {
  if (batch.logs.length === 0) return;
  const s = statements(ctx.db);
  for (const upload of batch.logs) {
    const limit = logLimit(ctx.db, ctx.accountId, ctx.serverId, upload.log_id);
    if (limit === null) continue;
    const counter = new MinuteCounter(ctx.db, ctx.accountId, upload.log_id, limit);
    for (const m of upload.messages) {
      const minute = minuteOf(m.time);
      const seq = counter.take(minute, m.severity);
      if (seq === null) continue;
      s.insert.run(upload.log_id, minute, seq, ctx.accountId, m.time, SEVERITY_CODE[m.severity], m.data);
    }
    counter.save();
  }
}
