import { APPLICATION_CHARTS, PROCESS_CHARTS, SERVER_CHARTS, type ChartSpec } from '../../components/charts/record-series';
import type { Unit } from '../../components/charts/units';

/** The kinds of series the correlate page draws, by their one-letter code in the URL. */
export const KINDS = {
  s: 'Server',
  p: 'Process',
  a: 'Application',
  d: 'Polled value',
  b: 'StatsD bucket',
  l: 'Log messages',
} as const;
export type Kind = keyof typeof KINDS;

export interface FieldInfo {
  label: string;
  unit: Unit;
}

/** The scalar fields of a family of charts, with the unit of the chart that shows them. */
function fieldsOf(specs: readonly ChartSpec[]): Record<string, FieldInfo> {
  const out: Record<string, FieldInfo> = {};
  for (const s of specs) if ('fields' in s) for (const f of s.fields) out[f.key] = { label: f.label, unit: s.unit };
  return out;
}

/**
 * The fields each kind offers, with their unit. Polled values are named by the check itself (any
 * name), so they have no fixed list and are plain numbers.
 */
export const FIELDS: Record<Exclude<Kind, 'd'>, Record<string, FieldInfo>> = {
  s: fieldsOf(SERVER_CHARTS),
  p: fieldsOf(PROCESS_CHARTS),
  a: fieldsOf(APPLICATION_CHARTS),
  b: { value: { label: 'Value', unit: 'number' }, count: { label: 'Samples', unit: 'count' } },
  l: { critical: { label: 'Critical', unit: 'count' }, warning: { label: 'Warning', unit: 'count' }, info: { label: 'Info', unit: 'count' } },
};

/** The field's label and unit; a polled value is a plain number. */
export function fieldInfo(kind: Kind, field: string): FieldInfo {
  return kind === 'd' ? { label: field, unit: 'number' } : (FIELDS[kind][field] ?? { label: field, unit: 'number' });
}
