/** One field of an audited item that an entry changed: its value before and after (undefined: absent). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between the item before and after a change, in the order they first
 * appear: every field of a created item (before null), of a deleted one (after null), else the changed ones.
 */
export function auditChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.filter((k) => !same(before?.[k], after?.[k])).map((k) => ({ field: k, before: before?.[k], after: after?.[k] }));
}

/** A value as one line of text: strings as they are, absent as a dash, the rest as JSON. */
export function valueText(v: unknown): string {
  if (v === undefined) return '–';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}
