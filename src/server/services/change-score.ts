import type { Baseline, ChangeItem } from '../../shared/changes';

/** At least this many same-minute values of the previous 7 days make the weekly baseline. */
export const MIN_WEEK = 3;
/** Else at least this many minutes of the previous hour make the hourly one; fewer: the series is not ranked. */
export const MIN_HOUR = 10;
/** Scores are capped to ±this, so a flat baseline that moves answers a finite, comparable number. */
export const MAX_SCORE = 99;
/** |z| from which a departure is flagged unusual (the usual cut-off of the modified z-score, Iglewicz and Hoaglin). */
export const UNUSUAL_Z = 3.5;

const round = (x: number) => Math.round(x * 1e4) / 1e4;

/** The median of the values (they need not be sorted); NaN for none. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * The robust z-score of `value` against `baseline`: (value - median) / scale, where scale is
 * 1.4826 × MAD (the median absolute deviation, scaled to a normal distribution's standard deviation),
 * floored at 1% of |median| and at 1e-6 so a flat baseline does not make a wobble infinite; capped
 * to ±MAX_SCORE.
 */
export function robustScore(value: number, baseline: readonly number[]): { median: number; mad: number; score: number; raw: number } {
  const m = median(baseline);
  const mad = median(baseline.map((x) => Math.abs(x - m)));
  const scale = Math.max(1.4826 * mad, 0.01 * Math.abs(m), 1e-6);
  const raw = (value - m) / scale;
  const z = Math.max(-MAX_SCORE, Math.min(MAX_SCORE, raw));
  return { median: round(m), mad: round(mad), score: Math.round(z * 100) / 100, raw };
}

/**
 * The baseline of a series: the same minute on each of the previous 7 days when at least MIN_WEEK of
 * them have a value (daily cycles then do not count as change), else the previous hour's minutes when
 * at least MIN_HOUR have one, else none.
 */
export function chooseBaseline(week: readonly number[], hour: readonly number[]): { kind: Baseline; values: readonly number[] } | null {
  if (week.length >= MIN_WEEK) return { kind: 'week', values: week };
  if (hour.length >= MIN_HOUR) return { kind: 'hour', values: hour };
  return null;
}

/** A series to rank: its value at the minute and what surrounds it. */
export interface Candidate {
  kind: 'server' | 'process';
  field: string;
  uid?: string;
  name?: string;
  value: number;
  /** The same minute on the previous days (up to 7 values). */
  week: readonly number[];
  /** The minutes of the hour before (up to 60 values). */
  hour: readonly number[];
  /** The hour ending at the minute, oldest first. */
  recent: { time: number; value: number }[];
}

/** Server fields in percent of the whole server: a change is measured against 100 points. */
const PERCENT_FIELDS = new Set(['cpu', 'disk_percent', 'disk_percent_part', 'disk_busy']);

/**
 * Averages, not amounts: no process takes a share of them and the server has no size in them, so
 * they are not ranked by impact (0); their `unusual` flag still says when they moved.
 */
const AVERAGE_FIELDS = new Set(['avg_response_time']);

type Judged = { c: Candidate; kind: Baseline; size: number; median: number; mad: number; score: number; raw: number; change: number };

const baseOf = (field: string) => field.split('.')[0]!;

/**
 * How big a change is in the server's terms, to compare CPU points with bytes: the size of one
 * whole server in that field. Percent fields: 100 points (a core of N: 100 × N, a core being 1/N of
 * the CPU). Other fields have no capacity in the record, so their size is the server's own usual level
 * (the baseline median of the server's total, else the series' own), at least 1.
 */
function sizeOf(field: string, serverMedian: ReadonlyMap<string, number>, cores: number, own: number): number {
  const base = baseOf(field);
  if (base === 'cpu_cores') return 100 * Math.max(1, cores);
  if (PERCENT_FIELDS.has(base)) return 100;
  const total = base.endsWith('_part') ? base.slice(0, -'_part'.length) : base;
  return Math.max(1, Math.abs(serverMedian.get(total) ?? own));
}

/** The server total a part belongs to (`cpu_cores.cpu0` to `cpu`, `socket_read_part.eth0` to `socket_read`). */
function totalOf(field: string): string {
  const base = baseOf(field);
  if (base === 'cpu_cores') return 'cpu';
  return base.endsWith('_part') ? base.slice(0, -'_part'.length) : base;
}

/**
 * The `limit` candidates whose change explains most of the server's change at the minute.
 *
 * Each series is judged against its own baseline (week, else hour): `change` is value − median in the
 * series' unit. Its `impact` is that change measured in the server's size (see sizeOf): java taking 49
 * CPU points has impact 0.49, polkitd going from 0.0 to 0.1 % has 0.001, however steady polkitd was
 * before. A process's `share` is its part of the server's change in that field: its change over the
 * larger of the server's change and the sum of its processes' changes. A server series whose field
 * has processes counts only for what its processes do not explain (the server's CPU rising 50 points
 * of which java takes 49 is java's change, not a second finding), and so do its parts (cores,
 * interfaces). Averages (response time) have no size and rank by |z| after every amount that moved.
 * The robust z-score no longer ranks: it only says whether the departure is `unusual`.
 * Ties: by |z| before the cap, then by kind, uid and field.
 */
export function rankChanges(candidates: readonly Candidate[], limit: number): ChangeItem[] {
  const judged: Judged[] = [];
  for (const c of candidates) {
    const base = chooseBaseline(c.week, c.hour);
    if (!base) continue;
    const s = robustScore(c.value, base.values);
    judged.push({ c, kind: base.kind, size: base.values.length, ...s, change: c.value - median(base.values) });
  }
  const serverChange = new Map<string, number>();
  const serverMedian = new Map<string, number>();
  const processSum = new Map<string, number>();
  const processAbs = new Map<string, number>();
  let cores = 0;
  for (const j of judged) {
    if (j.c.kind === 'server') {
      if (baseOf(j.c.field) === 'cpu_cores') cores++;
      serverChange.set(j.c.field, j.change);
      serverMedian.set(j.c.field, j.median);
    } else {
      processSum.set(j.c.field, (processSum.get(j.c.field) ?? 0) + j.change);
      processAbs.set(j.c.field, (processAbs.get(j.c.field) ?? 0) + Math.abs(j.change));
    }
  }
  /** The fraction of the server total's change that its processes leave unexplained (1 without processes). */
  const unexplained = (total: string): number => {
    const sum = processSum.get(total);
    const whole = serverChange.get(total);
    if (sum === undefined || whole === undefined || whole === 0) return 1;
    return Math.min(1, Math.abs(whole - sum) / Math.abs(whole));
  };
  const ranked = judged.map((j) => {
    const size = sizeOf(j.c.field, serverMedian, cores, j.median);
    const isProcess = j.c.kind === 'process';
    const denominator = isProcess ? Math.max(Math.abs(serverChange.get(j.c.field) ?? 0), processAbs.get(j.c.field) ?? 0) : 0;
    const amount = AVERAGE_FIELDS.has(baseOf(j.c.field)) ? 0 : Math.abs(j.change) / size;
    const impact = amount * (isProcess ? 1 : unexplained(totalOf(j.c.field)));
    const item: ChangeItem = {
      kind: j.c.kind,
      field: j.c.field,
      ...(j.c.uid === undefined ? {} : { uid: j.c.uid, name: j.c.name }),
      value: j.c.value,
      baseline: j.kind,
      baseline_size: j.size,
      median: j.median,
      mad: j.mad,
      score: j.score,
      change: round(j.change),
      impact: round(impact),
      ...(isProcess ? { share: denominator > 0 ? round(j.change / denominator) : 0, server_change: round(serverChange.get(j.c.field) ?? 0) } : {}),
      unusual: Math.abs(j.raw) >= UNUSUAL_Z,
      recent: j.c.recent,
    };
    return { item, impact, raw: Math.abs(j.raw) };
  });
  const key = (i: ChangeItem) => `${i.kind}:${i.uid ?? ''}:${i.field}`;
  ranked.sort((a, b) => b.impact - a.impact || b.raw - a.raw || (key(a.item) < key(b.item) ? -1 : 1));
  return ranked.slice(0, limit).map((r) => r.item);
}
