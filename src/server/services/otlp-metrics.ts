import type { RemoteSeries } from '../ingest/remote-write';
import type { ResourceMetrics } from '../ingest/otlp-model';
import type { Store } from '../store/store';
import { fingerprint, writeSeries, type SeriesLimits } from './labelled-series';
import { planMetrics, type MappedSeries } from './otlp-metrics-map';
import type { OtlpOutcome } from './otlp';

/** How far back the running total of a delta series is looked for in the store when it is not in memory. */
const DELTA_LOOKBACK_MS = 24 * 3600_000;
/** Running totals kept in memory before the map is cleared (then read back from the store). */
const MAX_TOTALS = 100_000;

/**
 * Delta temporality made cumulative: each delta series keeps a running total (its last stored value),
 * each point adds its increment and the total is stored, so the series is a counter that rate() and
 * increase() read as they read a cumulative one. The totals live in memory per process, read back
 * from the store's latest point of the last day when missing; writes of one account are serialised
 * so two exports cannot add to the same stale total. A total not updated for a day starts again at
 * 0, which a counter's readers take as a reset.
 */
export class DeltaTotals {
  private readonly totals = new Map<string, { value: number; ms: number }>();
  private readonly queues = new Map<number, Promise<unknown>>();

  /** Runs `fn` after the account's previous delta writes (in this process) are done. */
  async serial<T>(accountId: number, fn: () => Promise<T>): Promise<T> {
    const prev = this.queues.get(accountId) ?? Promise.resolve();
    const run = prev.then(fn, fn);
    const tail = run.catch(() => undefined);
    this.queues.set(accountId, tail);
    try {
      return await run;
    } finally {
      if (this.queues.get(accountId) === tail) this.queues.delete(accountId);
    }
  }

  get(accountId: number, print: string) {
    return this.totals.get(`${accountId}:${print}`);
  }

  set(accountId: number, print: string, value: number, ms: number) {
    if (this.totals.size >= MAX_TOTALS) this.totals.clear();
    this.totals.set(`${accountId}:${print}`, { value, ms });
  }
}

const nameOf = (s: MappedSeries) => s.labels.find((l) => l.name === '__name__')!.value;

/** The last stored value (within the lookback) of each delta series not in memory, by fingerprint. */
async function storedTotals(store: Store, accountId: number, missing: Map<string, MappedSeries>): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  // Around the export's own points (not the service's clock): the day before its first one.
  const firstMs = Math.min(...[...missing.values()].flatMap((s) => s.samples.map((x) => x.ms)));
  const names = new Set([...missing.values()].map(nameOf));
  for (const name of names) {
    const ids = new Map<number, string>();
    for (const rec of await store.labelledSeries.find(accountId, name)) {
      const labels = Object.entries({ ...rec.labels, __name__: rec.name })
        .map(([n, value]) => ({ name: n, value }))
        .sort((a, b) => (a.name < b.name ? -1 : 1));
      const print = fingerprint(labels);
      if (missing.has(print)) ids.set(rec.id, print);
    }
    if (ids.size === 0) continue;
    for (const p of await store.labelledSeries.points(accountId, [...ids.keys()], firstMs - DELTA_LOOKBACK_MS, firstMs + DELTA_LOOKBACK_MS)) {
      if (Number.isFinite(p.value)) out.set(ids.get(p.seriesId)!, p.value);
    }
  }
  return out;
}

/**
 * Stores the data points of an OTLP metrics export as labelled series (otlp-metrics-map.ts names
 * them), delta series accumulated by `totals`. The write is one transaction under the same series
 * caps as remote write (a cap refuses it whole). Answers the points accepted and rejected.
 */
export async function ingestMetrics(
  store: Store,
  accountId: number,
  resources: readonly ResourceMetrics[],
  limits: SeriesLimits,
  now: number,
  totals: DeltaTotals,
): Promise<OtlpOutcome> {
  const plan = planMetrics(resources);
  const outcome = { accepted: plan.accepted, rejected: plan.rejected, message: plan.message };
  const plain: RemoteSeries[] = plan.series.filter((s) => !s.delta).map(({ labels, samples }) => ({ labels, samples }));
  const deltas = new Map<string, MappedSeries>();
  for (const s of plan.series.filter((x) => x.delta)) {
    const print = fingerprint(s.labels);
    const had = deltas.get(print);
    if (had) had.samples.push(...s.samples);
    else deltas.set(print, { ...s, samples: [...s.samples] });
  }
  if (deltas.size === 0) {
    await writeSeries(store, accountId, plain, limits, now);
    return outcome;
  }
  await totals.serial(accountId, async () => {
    const missing = new Map([...deltas].filter(([print]) => totals.get(accountId, print) === undefined));
    const stored = missing.size > 0 ? await storedTotals(store, accountId, missing) : new Map<string, number>();
    const next: [string, number, number][] = [];
    const accumulated: RemoteSeries[] = [...deltas].map(([print, s]) => {
      let total = totals.get(accountId, print)?.value ?? stored.get(print) ?? 0;
      let ms = 0;
      const samples = [...s.samples]
        .sort((a, b) => a.ms - b.ms)
        .map((x) => {
          if (Number.isFinite(x.value)) total += x.value;
          ms = x.ms;
          return { ms: x.ms, value: total };
        });
      next.push([print, total, ms]);
      return { labels: s.labels, samples };
    });
    await writeSeries(store, accountId, [...plain, ...accumulated], limits, now);
    for (const [print, value, ms] of next) totals.set(accountId, print, value, ms);
  });
  return outcome;
}
