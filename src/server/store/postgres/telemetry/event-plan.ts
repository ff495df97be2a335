import type { Batch } from '../../../../shared/ingest';
import type { EventParts } from '../../repos/telemetry';
import { SEVERITY_CODE } from '../../common/log-data';
import { valueRows } from '../../common/polled-data';
import { minuteOf } from '../../common/util';

/**
 * What a batch writes to the events tables, planned in memory (no I/O) so that each table takes one
 * multi-row statement. The rules are the SQLite sinks' (sqlite/telemetry/*-sink.ts): at most `limit`
 * messages per log per minute, counted in log_counts (transaction logs count theirs there too).
 */

type Level = keyof typeof SEVERITY_CODE;
export interface MinuteCounts {
  info: number;
  warning: number;
  critical: number;
}

/**
 * Text as PostgreSQL can store it: a text value cannot hold U+0000 (SQLite's can), so it is stored as
 * U+FFFD, the replacement character, rather than failing the whole batch.
 */
export const storable = (s: string): string => (s.includes('\0') ? s.replaceAll('\0', '\uFFFD') : s);
const countKey = (logId: number, minute: number) => `${logId}:${minute}`;

/** A log the batch may write to, with its per-minute limit. */
export interface LogTarget {
  id: number;
  limit: number;
}

/** The (log, minute) pairs whose stored counts the plan needs. */
export function countKeys(batch: EventParts, logs: Map<number, LogTarget>, txLogs: Partial<Record<'url' | 'sql', LogTarget>>): { logIds: number[]; minutes: number[] } {
  const seen = new Map<string, [number, number]>();
  const add = (id: number, time: number) => seen.set(countKey(id, minuteOf(time)), [id, minuteOf(time)]);
  for (const u of batch.logs) if (logs.has(u.log_id)) for (const m of u.messages) add(u.log_id, m.time);
  for (const t of batch.transactions) {
    const log = txLogs[t.log_type];
    if (log) add(log.id, t.time);
  }
  const pairs = [...seen.values()];
  return { logIds: pairs.map((p) => p[0]), minutes: pairs.map((p) => p[1]) };
}

/** Counters of many (log, minute) pairs, starting from the stored counts. */
export class Counters {
  private readonly counts = new Map<string, { logId: number; minute: number; c: MinuteCounts }>();
  private readonly touched = new Set<string>();
  constructor(stored: { log_id: number; minute: number; info: number; warning: number; critical: number }[]) {
    for (const r of stored) {
      this.counts.set(countKey(r.log_id, r.minute), { logId: r.log_id, minute: r.minute, c: { info: r.info, warning: r.warning, critical: r.critical } });
    }
  }

  /** Counts a message if the log's limit allows; answers its sequence number in the minute, or null. */
  take(log: LogTarget, minute: number, level: Level): number | null {
    const key = countKey(log.id, minute);
    let e = this.counts.get(key);
    if (!e) this.counts.set(key, (e = { logId: log.id, minute, c: { info: 0, warning: 0, critical: 0 } }));
    const seq = e.c.info + e.c.warning + e.c.critical;
    if (seq >= log.limit) return null;
    e.c[level]++;
    this.touched.add(key);
    return seq;
  }

  /** The pairs a message was counted in, to write back (others are unchanged). */
  changed(): { logId: number; minute: number; c: MinuteCounts }[] {
    return [...this.touched].map((k) => this.counts.get(k)!);
  }
}

/** log_messages rows of the batch's uploads to the server's own logs. */
export function planLogMessages(batch: Pick<Batch, 'logs'>, logs: Map<number, LogTarget>, counters: Counters) {
  const rows = { logId: [] as number[], minute: [] as number[], seq: [] as number[], time: [] as number[], severity: [] as number[], data: [] as string[] };
  for (const u of batch.logs) {
    const log = logs.get(u.log_id);
    if (!log) continue;
    for (const m of u.messages) {
      const minute = minuteOf(m.time);
      const seq = counters.take(log, minute, m.severity);
      if (seq === null) continue;
      rows.logId.push(log.id);
      rows.minute.push(minute);
      rows.seq.push(seq);
      rows.time.push(m.time);
      rows.severity.push(SEVERITY_CODE[m.severity]);
      rows.data.push(storable(m.data));
    }
  }
  return rows;
}

/** The transaction messages kept, each with its log and minute. */
export function planTransactions(batch: Pick<Batch, 'transactions'>, txLogs: Partial<Record<'url' | 'sql', LogTarget>>, counters: Counters) {
  const kept: { logId: number; minute: number; t: Batch['transactions'][number] }[] = [];
  for (const t of batch.transactions) {
    const log = txLogs[t.log_type];
    if (!log) continue;
    const minute = minuteOf(t.time);
    if (counters.take(log, minute, 'info') === null) continue;
    kept.push({ logId: log.id, minute, t });
  }
  return kept;
}

/**
 * Polled results by item: items in order of first appearance with their last command, and one value
 * per (item, minute), the last (a second result in a minute replaces the first, as on SQLite).
 */
export function planPolled(batch: Batch) {
  const items = new Map<string, { name: string; commandName: string; commandLine: string }>();
  const values = new Map<string, { name: string; minute: number; status: string; text: string; values: string }>();
  for (const r of batch.polled) {
    const name = storable(r.name);
    items.set(name, { name, commandName: storable(r.command_name), commandLine: storable(r.command_line) });
    const minute = minuteOf(r.time);
    const key = `${minute}:${name}`;
    values.delete(key); // keeps insertion order of the last result
    values.set(key, { name, minute, status: r.status, text: storable(r.text), values: JSON.stringify(valueRows(r)) });
  }
  return { items: [...items.values()], values: [...values.values()] };
}
