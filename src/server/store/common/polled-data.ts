// Shared by both stores (SQLite: sqlite/polled-data.ts, PostgreSQL: postgres/polled-data.ts); no statement runs here.
import type { Batch } from '../../../shared/ingest';
import type { PolledItemRecord, PolledValueRow } from '../repos/polled-data';

/** The alert type whose target is a polled data item (spec: Alert type). */
export const POLLED_ALERT_TYPE = 'Polled Data';

/** A polled_data row as read, before the alert ids are added. */
export type ItemRow = Omit<PolledItemRecord, 'alert_id'>;

/** Items with the ids of the alerts (of the Polled Data type, in id order) whose target names them; for both stores. */
export function withAlertIds(rows: ItemRow[], alerts: { id: number; target: string }[]): PolledItemRecord[] {
  const byTarget = new Map<number, number[]>();
  for (const a of alerts) {
    const target = Number(String(a.target).trim());
    if (!Number.isInteger(target)) continue;
    byTarget.set(target, [...(byTarget.get(target) ?? []), a.id]);
  }
  return rows.map((r) => ({ ...r, alert_id: byTarget.get(r.id) ?? [] }));
}

/** A result's values as stored: [name, value, unit, thresholds or null] (both stores). */
export function valueRows(r: Batch['polled'][number]): PolledValueRow[] {
  return r.values.map((v) => {
    const limits = { warn: v.warn, crit: v.crit, min: v.min, max: v.max };
    const defined = Object.values(limits).some((x) => x !== undefined);
    return [v.name, v.value, v.unit, defined ? limits : null];
  });
}
