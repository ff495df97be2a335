import type { SeriesRecord } from '../store/repos/labelled-series';
import type { Store } from '../store/store';
import type { Point } from './promql-functions';
import { TOUCH_SECONDS } from './labelled-series';
import { matchesAll, pinnedName, type LabelMatcher } from './promql-selector';

/** A series' labels, `__name__` included. */
export type Labels = Record<string, string>;

/** A series with its points in time order. */
export interface SourceSeries {
  labels: Labels;
  points: Point[];
}

/**
 * Where PromQL reads series from. The evaluator knows only this, so several sources (labelled
 * series, the native server and process series) can answer side by side.
 */
export interface SeriesSource {
  /** The account's series matching every matcher, with their points within [fromMs, toMs]. */
  select(accountId: number, matchers: readonly LabelMatcher[], fromMs: number, toMs: number): Promise<SourceSeries[]>;
  /** Label sets of the account's series matching every matcher (all with none), written since `sinceMs`. */
  series(accountId: number, matchers: readonly LabelMatcher[], sinceMs: number): Promise<Labels[]>;
}

const labelsOf = (s: SeriesRecord): Labels => ({ __name__: s.name, ...s.labels });

/**
 * Labelled series (remote write, OTLP metrics) as a SeriesSource. They keep one point per minute,
 * the minute's last sample at its own timestamp.
 */
export function labelledSeriesSource(store: Store): SeriesSource {
  // last_updated is when a write arrived (epoch seconds), written at most once an hour by remote
  // write (TOUCH_SECONDS); that much slack and two minutes keep series whose last write came within
  // the window. Series selected for points are then kept only with points in the window.
  const find = async (accountId: number, matchers: readonly LabelMatcher[], sinceMs: number) => {
    const all = await store.labelledSeries.find(accountId, pinnedName(matchers), Math.max(0, Math.floor(sinceMs / 1000) - TOUCH_SECONDS - 120));
    return all.filter((s) => matchesAll(matchers, labelsOf(s)));
  };
  return {
    async select(accountId, matchers, fromMs, toMs) {
      const found = await find(accountId, matchers, fromMs);
      if (found.length === 0) return [];
      const points = await store.labelledSeries.points(accountId, found.map((s) => s.id), fromMs, toMs);
      const byId = new Map<number, Point[]>(found.map((s) => [s.id, []]));
      for (const p of points) byId.get(p.seriesId)?.push({ t: p.lastMs, v: p.value });
      return found.map((s) => ({ labels: labelsOf(s), points: byId.get(s.id)! })).filter((s) => s.points.length > 0);
    },
    async series(accountId, matchers, sinceMs) {
      return (await find(accountId, matchers, sinceMs)).map(labelsOf);
    },
  };
}
