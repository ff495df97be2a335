/**
 * Labelled series (issue 20): what Prometheus remote write (and later OTLP metrics, unmapped scrapes)
 * sends, a metric name and a label set per series, kept per minute like StatsD buckets.
 */

/** One minute of one series: the samples folded (NaN values count, and are the last when latest). */
export interface SeriesMinute {
  /** Epoch seconds of the minute's start. */
  minute: number;
  count: number;
  /** Sum, min and max of the minute's non-NaN samples; min/max null when all were NaN. */
  sum: number;
  min: number | null;
  max: number | null;
  /** The value of the latest sample (by timestamp) of the minute; NaN stored as null. */
  last: number;
  /** That sample's timestamp, epoch milliseconds. */
  lastMs: number;
}

/** One series of a write: its identity and its minutes. */
export interface SeriesWrite {
  /** Hash of the sorted label set, `__name__` included (the series' identity within the account). */
  fingerprint: string;
  name: string;
  /** Labels other than `__name__`. */
  labels: Record<string, string>;
  minutes: SeriesMinute[];
}

/** A series a write already knows the id of (services/series-cache.ts), with its minutes. */
export interface KnownSeriesWrite {
  id: number;
  /** Checked with the id when touching (an id freed by a deleted series may be given to another). */
  fingerprint: string;
  /** Set last_updated (and so check that the series still exists); otherwise the id is trusted. */
  touch: boolean;
  minutes: SeriesMinute[];
}

export interface SeriesRecord {
  id: number;
  name: string;
  labels: Record<string, string>;
  /** Epoch seconds. */
  create_time: number;
  last_updated: number;
}

/** A minute's last sample of a series. */
export interface SeriesPointRecord {
  seriesId: number;
  lastMs: number;
  value: number;
}

/**
 * A write is applied whole (`ids`: the id of each series written, in order), or refused whole when it
 * would take the account past its series cap, or when known series to touch no longer exist (`gone`).
 */
export type SeriesWriteOutcome =
  | { ok: true; newSeries: number; ids: number[] }
  | { ok: false; existing: number; adding: number }
  | { ok: false; gone: number[] };

export interface LabelledSeriesRepo {
  /**
   * Applies a write in one transaction: creates the new series (refusing the whole write when the
   * account would hold more than `maxSeries`) and folds each minute into the stored one. `at` (epoch
   * seconds) becomes last_updated. `known` series are written by id: those to touch are touched first,
   * and if any of them no longer exists nothing of the minutes is written (outcome `gone`).
   */
  write(accountId: number, series: readonly SeriesWrite[], maxSeries: number, at: number, known?: readonly KnownSeriesWrite[]): Promise<SeriesWriteOutcome>;
  /** The account's series, of one metric name or all; `since` (epoch seconds) drops those not updated since. */
  find(accountId: number, name: string | null, since?: number): Promise<SeriesRecord[]>;
  /** The minute points of the series whose last sample falls within [fromMs, toMs], in time order. */
  points(accountId: number, seriesIds: readonly number[], fromMs: number, toMs: number): Promise<SeriesPointRecord[]>;
}
