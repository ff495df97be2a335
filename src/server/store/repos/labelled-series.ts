/**
 * Labelled series (issue 20): what Prometheus remote write (and later OTLP metrics, unmapped scrapes)
 * sends, a metric name and a label set per series, every sample kept; queries read each minute's last.
 */

/** One series of a write: its identity and its samples. */
export interface SeriesWrite {
  /** Hash of the sorted label set, `__name__` included (the series' identity within the account). */
  fingerprint: string;
  name: string;
  /** Labels other than `__name__`. */
  labels: Record<string, string>;
  /** Its samples: epoch milliseconds and values (NaN kept), in the order sent. */
  ms: number[];
  values: number[];
}

/** A series a write already knows the id of (services/series-cache.ts), with its minutes. */
export interface KnownSeriesWrite {
  id: number;
  /** Checked with the id when touching (an id freed by a deleted series may be given to another). */
  fingerprint: string;
  /** Set last_updated (and so check that the series still exists); otherwise the id is trusted. */
  touch: boolean;
  ms: number[];
  values: number[];
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

/** One stored sample of a series. */
export interface SeriesSampleRecord {
  seriesId: number;
  ms: number;
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
   * account would hold more than `maxSeries`) and appends the samples. `at` (epoch
   * seconds) becomes last_updated. `known` series are written by id: those to touch are touched first,
   * and if any of them no longer exists none of the samples is written (outcome `gone`). Every sample
   * is kept (store/common/series-samples.ts).
   */
  write(accountId: number, series: readonly SeriesWrite[], maxSeries: number, at: number, known?: readonly KnownSeriesWrite[]): Promise<SeriesWriteOutcome>;
  /** The account's series, of one metric name or all; `since` (epoch seconds) drops those not updated since. */
  find(accountId: number, name: string | null, since?: number): Promise<SeriesRecord[]>;
  /** Each series' last sample of each minute among its samples within [fromMs, toMs]; by series, then time. */
  points(accountId: number, seriesIds: readonly number[], fromMs: number, toMs: number): Promise<SeriesPointRecord[]>;
  /** Every stored sample of the series within [fromMs, toMs]; by series, then time, then the order written. */
  samples(accountId: number, seriesIds: readonly number[], fromMs: number, toMs: number): Promise<SeriesSampleRecord[]>;
  /**
   * Moves the samples of minutes before `before` (epoch seconds) of every account from the recent rows
   * into each series' hour chunks, a block of series per transaction; answers the samples moved.
   */
  compact(before: number): Promise<number>;
}
