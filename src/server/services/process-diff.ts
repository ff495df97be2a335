import { DIFF_FIELDS, type DiffField, type DiffItem, type FieldChange, type ProcessDiffAnswer } from '../../shared/process-diff';
import { processUid } from '../../shared/telemetry';
import type { Store } from '../store/store';
import type { ProcessMinute } from '../store/repos/telemetry';
import { notFoundAt } from './errors';

type Diff = Pick<ProcessDiffAnswer, 'started' | 'ended' | 'changed'>;

/**
 * Compares the processes of two minutes of one server. A process (pid and create time) only in
 * `before` ended, only in `after` started, in both with a field that moved changed (an unchanged
 * one is left out). Missing values count as 0 in a delta.
 *
 * The size of a change: each field's absolute delta divided by the largest absolute delta of that
 * field within the same list (so the top mover of each field scores 1 and fields of different units
 * weigh alike); `score` is the largest of those, ties broken by their sum, then by uid. Every list
 * is sorted by score, largest first.
 */
export function processDiff(serverId: number, before: readonly ProcessMinute[], after: readonly ProcessMinute[]): Diff {
  const was = new Map(before.map((p) => [p.uid, p]));
  const is = new Map(after.map((p) => [p.uid, p]));
  const started = after.filter((p) => !was.has(p.uid)).map((p) => item(serverId, null, p));
  const ended = before.filter((p) => !is.has(p.uid)).map((p) => item(serverId, p, null));
  const changed = after.flatMap((p) => {
    const b = was.get(p.uid);
    const it = b ? item(serverId, b, p) : null;
    return it && DIFF_FIELDS.some((f) => it.fields[f].delta !== 0) ? [it] : [];
  });
  return { started: ranked(started), ended: ranked(ended), changed: ranked(changed) };
}

function item(serverId: number, before: ProcessMinute | null, after: ProcessMinute | null): DiffItem {
  const p = (after ?? before)!;
  const fields = Object.fromEntries(DIFF_FIELDS.map((f) => [f, change(before?.sample[f], after?.sample[f])])) as Record<DiffField, FieldChange>;
  return { uid: processUid(serverId, p.pid, p.create_time), pid: String(p.pid), create_time: String(p.create_time), name: p.name, args: p.args, server_id: serverId, score: 0, fields };
}

function change(before: number | undefined, after: number | undefined): FieldChange {
  return { before: before ?? null, after: after ?? null, delta: (after ?? 0) - (before ?? 0) };
}

/** Scores the items against the list's largest delta per field and sorts them, largest change first. */
function ranked(items: DiffItem[]): DiffItem[] {
  const top = Object.fromEntries(DIFF_FIELDS.map((f) => [f, Math.max(0, ...items.map((i) => Math.abs(i.fields[f].delta)))])) as Record<DiffField, number>;
  const sums = new Map<string, number>();
  for (const it of items) {
    const parts = DIFF_FIELDS.map((f) => (top[f] > 0 ? Math.abs(it.fields[f].delta) / top[f] : 0));
    it.score = round(Math.max(0, ...parts));
    sums.set(it.uid, parts.reduce((a, b) => a + b, 0));
  }
  return items.sort((a, b) => b.score - a.score || sums.get(b.uid)! - sums.get(a.uid)! || (a.uid < b.uid ? -1 : 1));
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;

/**
 * The diff of the server's processes between the minutes `from` and `to` (a 404 naming the field when
 * the server sent nothing in one of them: "no processes" would be a false answer).
 */
export async function diffServerProcesses(store: Store, accountId: number, serverId: number, from: number, to: number): Promise<ProcessDiffAnswer> {
  const [a, b] = await Promise.all([minuteOf(store, accountId, serverId, from, 'from'), minuteOf(store, accountId, serverId, to, 'to')]);
  return { from, to, ...processDiff(serverId, a, b) };
}

/** The processes of one minute; the minute must have the server's record (every batch carries one). */
export async function minuteOf(store: Store, accountId: number, serverId: number, minute: number, field: string): Promise<ProcessMinute[]> {
  const [server, procs] = await Promise.all([
    store.telemetry.serverMinuteSamples(accountId, serverId, minute, minute),
    store.telemetry.processMinuteSamples(accountId, serverId, minute, minute),
  ]);
  if (server.length === 0) throw notFoundAt(field, minute);
  return procs[0]?.processes ?? [];
}
