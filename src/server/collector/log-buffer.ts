import type { z } from 'zod';
import type { TransactionMessage, logUpload } from '../../shared/ingest';

export type Severity = 'info' | 'warning' | 'critical';
export type LogUpload = z.infer<typeof logUpload>;

/** The spec's default per-minute limit of a log. */
export const DEFAULT_LOG_LIMIT = 2000;

/** Severity of a FILE log line: ERROR/CRIT/FATAL critical, WARN warning, else info. */
export function fileLineSeverity(line: string): Severity {
  if (/\b(error|err|crit|critical|fatal|emerg|alert)\b/i.test(line)) return 'critical';
  if (/\b(warn|warning)\b/i.test(line)) return 'warning';
  return 'info';
}

/** Collects messages per log, honouring each log's limit per minute; drained into each batch. */
export class LogBuffer {
  private readonly messages = new Map<number, LogUpload['messages']>();
  private readonly counts = new Map<number, { minute: number; n: number }>();
  private readonly transactions: TransactionMessage[] = [];
  /** Messages dropped over the limit since the start, per log id (for diagnostics). */
  readonly dropped = new Map<number, number>();

  constructor(private readonly now: () => number = () => Math.floor(Date.now() / 1000)) {}

  /** Counts a message against its log's limit for this minute; false (and counted as dropped) over it. */
  admit(logId: number, limit: number): boolean {
    const time = this.now();
    const minute = time - (time % 60);
    const c = this.counts.get(logId);
    const cap = limit > 0 ? limit : DEFAULT_LOG_LIMIT;
    if (c && c.minute === minute && c.n >= cap) {
      this.dropped.set(logId, (this.dropped.get(logId) ?? 0) + 1);
      return false;
    }
    if (!c || c.minute !== minute) this.counts.set(logId, { minute, n: 1 });
    else c.n++;
    return true;
  }

  /** Adds a message; returns false when the log's limit for this minute is reached. */
  add(logId: number, limit: number, severity: Severity, data: string): boolean {
    if (!this.admit(logId, limit)) return false;
    const list = this.messages.get(logId) ?? [];
    list.push({ time: this.now(), severity, data: data.slice(0, 65_536) });
    this.messages.set(logId, list);
    return true;
  }

  /** Adds a transaction message of an AFURL/AFSQL log, within that log's limit. */
  addTransaction(logId: number, limit: number, m: TransactionMessage): boolean {
    if (!this.admit(logId, limit)) return false;
    if (this.transactions.length < 100_000) this.transactions.push(m);
    return true;
  }

  /** Takes every buffered transaction message. */
  drainTransactions(): TransactionMessage[] {
    return this.transactions.splice(0);
  }

  /** Takes every buffered message, grouped by log. */
  drain(): LogUpload[] {
    const out = [...this.messages].map(([log_id, messages]) => ({ log_id, messages }));
    this.messages.clear();
    return out;
  }
}
