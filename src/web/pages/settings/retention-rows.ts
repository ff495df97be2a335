import { can, type Actor } from '../../../shared/access';
import { RETENTION_BOUNDS, RETENTION_CATEGORIES, RETENTION_LABELS, type Retention, type RetentionCategory } from '../../../shared/retention';
import { formatBytes } from '../../lib/format';

/** One line of the retention table, as shown. */
export interface RetentionRow {
  category: RetentionCategory;
  label: string;
  /** "30 days", "1 day" or "forever". */
  kept: string;
  /** What the form's field starts with: the days, or FOREVER (the API's 0). */
  field: string;
  /** Whether this category may be kept forever (the form offers a "Forever" box). */
  foreverAllowed: boolean;
  /** The field's hint: its bounds. */
  bounds: string;
  size: string;
  growth: string;
}

/** The field's value for "forever": what the API takes for it in a PUT. */
export const FOREVER = '0';

/** Days to start from when "Forever" is unticked: the default when it is a number, else a year (within bounds). */
export function daysAfterForever(r: Pick<Retention, 'defaults'>, c: RetentionCategory): string {
  const d = r.defaults[c];
  const b = RETENTION_BOUNDS[c];
  return String(d ?? Math.min(365, b.max));
}

export const keptText = (days: number | null) => (days === null ? 'forever' : `${days} ${days === 1 ? 'day' : 'days'}`);

/** The table's lines, in the API's category order, with sizes for people. */
export function retentionRows(r: Retention): RetentionRow[] {
  return RETENTION_CATEGORIES.map((c) => {
    const u = r.usage.find((x) => x.category === c);
    const days = r.retention[c];
    const b = RETENTION_BOUNDS[c];
    return {
      category: c,
      label: RETENTION_LABELS[c],
      kept: keptText(days),
      field: days === null ? FOREVER : String(days),
      foreverAllowed: b.forever,
      bounds: `${b.min}-${b.max} days`,
      size: formatBytes(u?.bytes ?? 0),
      growth: `${formatBytes(u?.growth_per_day ?? 0)}/day`,
    };
  });
}

/** The account's total and the store's, for the table's footer. */
export function retentionTotals(r: Retention): { size: string; growth: string; store: string; wal: string | null; free: string } {
  const sum = (k: 'bytes' | 'growth_per_day') => r.usage.reduce((n, u) => n + u[k], 0);
  return {
    size: formatBytes(sum('bytes')),
    growth: `${formatBytes(sum('growth_per_day'))}/day`,
    store: formatBytes(r.store.total_bytes),
    wal: r.store.wal_bytes === null ? null : formatBytes(r.store.wal_bytes),
    free: r.store.free_bytes === null ? 'unknown' : formatBytes(r.store.free_bytes),
  };
}

/** Only the fields the user changed (trimmed), so a save never rewrites what they left alone. */
export function changedFields(rows: readonly RetentionRow[], values: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rows) {
    const v = values[r.category]?.trim();
    if (v !== undefined && v !== r.field) out[r.category] = v;
  }
  return out;
}

/** Whether this user may change retention: the account owner only (shared/access.ts, as the service). */
export const canSetRetention = (u: Actor | null | undefined) => can(u, 'retention.write');
