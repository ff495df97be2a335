import { PROCESS_FIELDS } from '../../../../shared/telemetry';

/**
 * Rollup arithmetic kept at ingest. Sums and per-field counts are stored (not running averages), so
 * an average is exact however many minutes arrive, and a field missing in some minutes is averaged
 * over the minutes that had it.
 */

type Part = Record<string, number>;
type Sample = Record<string, number | Part | undefined>;

/** Sums and counts of a server record over a step. */
export interface ServerSums {
  s: Record<string, number | Part>;
  c: Record<string, number | Part>;
}

export function emptyServerSums(): ServerSums {
  return { s: {}, c: {} };
}

/** Adds one minute's server sample into the sums (in place). */
export function addServerSample(sums: ServerSums, sample: Sample): void {
  for (const [k, v] of Object.entries(sample)) {
    if (v === undefined) continue;
    if (typeof v === 'number') {
      sums.s[k] = ((sums.s[k] as number | undefined) ?? 0) + v;
      sums.c[k] = ((sums.c[k] as number | undefined) ?? 0) + 1;
      continue;
    }
    const s = (typeof sums.s[k] === 'object' ? sums.s[k] : (sums.s[k] = {})) as Part;
    const c = (typeof sums.c[k] === 'object' ? sums.c[k] : (sums.c[k] = {})) as Part;
    for (const [p, x] of Object.entries(v)) {
      s[p] = (s[p] ?? 0) + x;
      c[p] = (c[p] ?? 0) + 1;
    }
  }
}

/** The averaged record of the sums, same shape as a sample. */
export function serverAverages(sums: ServerSums): Sample {
  const out: Sample = {};
  for (const [k, v] of Object.entries(sums.s)) {
    const c = sums.c[k];
    if (typeof v === 'number') {
      out[k] = v / (c as number);
      continue;
    }
    const part: Part = {};
    for (const [p, x] of Object.entries(v)) part[p] = x / ((c as Part)[p] ?? 1);
    out[k] = part;
  }
  return out;
}

const roundNumber = (_k: string, v: unknown) => (typeof v === 'number' ? Math.round(v * 1000) / 1000 : v);

/** The averaged record of the sums as stored JSON text, averages rounded to 3 decimals. */
export function averagesJson(sums: ServerSums): string {
  return JSON.stringify(serverAverages(sums), roundNumber);
}

const F = PROCESS_FIELDS.length;

/** A process's minute values in PROCESS_FIELDS order; null where the field had no value. */
export type ProcessValues = (number | null)[];

/** A process's sums over a step: [minutes seen, ...sums (F), ...counts (F)]. */
export type ProcessSums = number[];

export function processValues(sample: Partial<Record<(typeof PROCESS_FIELDS)[number], number>>): ProcessValues {
  return PROCESS_FIELDS.map((f) => sample[f] ?? null);
}

/** Adds one minute's values into the sums (in place), creating them when absent. */
export function addProcessValues(sums: ProcessSums | undefined, values: ProcessValues): ProcessSums {
  const acc = sums ?? new Array<number>(1 + 2 * F).fill(0);
  acc[0]! += 1;
  for (let i = 0; i < F; i++) {
    const v = values[i];
    if (v === null || v === undefined) continue;
    acc[1 + i]! += v;
    acc[1 + F + i]! += 1;
  }
  return acc;
}

/** The averages of a process's sums, in PROCESS_FIELDS order (null where never present). */
export function processAverages(sums: ProcessSums): ProcessValues {
  const out: ProcessValues = [];
  for (let i = 0; i < F; i++) {
    const c = sums[1 + F + i] ?? 0;
    out.push(c > 0 ? sums[1 + i]! / c : null);
  }
  return out;
}

const FIELD_INDEX = new Map<string, number>(PROCESS_FIELDS.map((f, i) => [f, i]));

/** Index pairs (field, position) of a field list, computed once per list. */
const plans = new WeakMap<readonly string[], [string, number][]>();
function planOf(fields: readonly string[]): [string, number][] {
  let p = plans.get(fields);
  if (!p) plans.set(fields, (p = fields.map((f) => [f, FIELD_INDEX.get(f) ?? -1])));
  return p;
}

/** A record object of process values, omitting fields without a value. */
export function processRecord(values: ProcessValues, fields: readonly string[] = PROCESS_FIELDS): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [f, i] of planOf(fields)) {
    const v = values[i];
    if (v !== null && v !== undefined) out[f] = v;
  }
  return out;
}
