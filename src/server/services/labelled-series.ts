import * as crypto from 'node:crypto';
import type { RemoteSeries } from '../ingest/remote-write';
import { WireSeries } from '../ingest/write-request-wire';
import type { KnownSeriesWrite, SeriesWrite } from '../store/repos/labelled-series';
import type { Store } from '../store/store';
import { invalid, unprocessable } from './errors';
import { canonical, type KnownSeries, type SeriesCache } from './series-cache';

/**
 * How often a process writes a known series' last_updated (and so checks that it still exists): at
 * most once an hour. Retention removes only series untouched for a day or more, and the metadata
 * queries allow this much slack (services/promql-source.ts), as Prometheus answers them from its head
 * block of the last hours. Once a minute cost an UPDATE per series and minute at a 60 s scrape.
 */
export const TOUCH_SECONDS = 3600;

/** Caps of remote write (Config.remoteWrite): series per request and per account. */
export interface SeriesLimits {
  maxSeriesPerRequest: number;
  maxSeriesPerAccount: number;
}
export const DEFAULT_SERIES_LIMITS: SeriesLimits = { maxSeriesPerRequest: 20_000, maxSeriesPerAccount: 200_000 };

/** SHA-256 in hex: one-shot crypto.hash (Node 20.12 and later: about half the cost of a Hash object a series), or a Hash object. */
const oneShot = (crypto as { hash?: typeof crypto.hash }).hash;
const sha256 = oneShot ? (text: string) => oneShot('sha256', text, 'hex') : (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** The identity of a label set (sorted by name, `__name__` included): SHA-256 of name/value pairs. */
export function fingerprint(labels: readonly { name: string; value: string }[]): string {
  // One update of the joined text hashes the same UTF-8 bytes as an update per part, with fewer calls.
  let text = '';
  for (const l of labels) text += `${l.name}\xff${l.value}\xff`;
  return sha256(text).slice(0, 32);
}

/** Appends samples [from, to) of a remote write's arrays to a series' own. */
function appendRange(into: { ms: number[]; values: number[] }, ms: readonly number[], values: readonly number[], from: number, to: number) {
  for (let i = from; i < to; i++) {
    into.ms.push(ms[i]!);
    into.values.push(values[i]!);
  }
}

/** A series to write: decoded from a remote write (WireSeries, known by its key), or given (OTLP). */
export type SeriesIn = RemoteSeries | WireSeries<KnownSeries>;

interface Plan {
  fresh: SeriesWrite[];
  /** Each fresh series as read from a remote write (to remember it by its key), when it was. */
  freshFrom: (WireSeries<KnownSeries> | undefined)[];
  known: KnownSeriesWrite[];
  knownHits: KnownSeries[];
  samples: number;
}

/**
 * Plans are numbered: a known series' `plan` says it has a slot in this one (KnownSeries.plan). The
 * slots live in the shared cache entries, so planning must stay synchronous: an await inside `plan`
 * would let another request's plan overwrite them.
 */
let plans = 0;

/**
 * Plans a write: one entry per distinct label set (a set sent twice in one request is merged), with
 * its samples. Series without samples (all stale markers) are left out. Series `known`
 * knows are planned by id, unread (`touch` when this process last touched them TOUCH_SECONDS or more ago).
 */
function plan(series: readonly SeriesIn[], known?: (s: WireSeries<KnownSeries>) => KnownSeries | undefined, at = 0): Plan {
  const stamp = ++plans;
  const out: Plan = { fresh: [], freshFrom: [], known: [], knownHits: [], samples: 0 };
  let byPrint: Map<string, SeriesWrite> | undefined;
  for (const s of series) {
    let from: WireSeries<KnownSeries> | undefined;
    if (s instanceof WireSeries) {
      if (s.to === s.from) continue;
      out.samples += s.to - s.from;
      from = s;
      const hit = known?.(s);
      if (hit) {
        // One slot per series: its keys (encodings) share the canonical entry.
        const c = canonical(hit);
        if (c.plan === stamp) appendRange(out.known[c.slot]!, s.ms, s.values, s.from, s.to);
        else {
          c.plan = stamp;
          c.slot = out.known.length;
          const write: KnownSeriesWrite = { id: c.id, fingerprint: c.fingerprint, touch: !(at >= c.touched && at - c.touched < TOUCH_SECONDS), ms: [], values: [] };
          appendRange(write, s.ms, s.values, s.from, s.to);
          out.known.push(write);
          out.knownHits.push(hit);
        }
        continue;
      }
    } else {
      if (s.samples.length === 0) continue;
      out.samples += s.samples.length;
    }
    const print = fingerprint(s.labels);
    let entry = (byPrint ??= new Map()).get(print);
    if (!entry) {
      const labels: Record<string, string> = {};
      let name = '';
      for (const l of s.labels) {
        if (l.name === '__name__') name = l.value;
        else labels[l.name] = l.value;
      }
      entry = { fingerprint: print, name, labels, ms: [], values: [] };
      byPrint.set(print, entry);
      out.fresh.push(entry);
      out.freshFrom.push(from);
    }
    if (s instanceof WireSeries) appendRange(entry, s.ms, s.values, s.from, s.to);
    else {
      for (const { ms, value } of s.samples) {
        entry.ms.push(ms);
        entry.values.push(value);
      }
    }
  }
  return out;
}

/** The plan of a write without a cache (see `plan`). */
export function planSeriesWrite(series: readonly SeriesIn[]): SeriesWrite[] {
  return plan(series).fresh;
}

/**
 * Stores a decoded WriteRequest for the account in one transaction; answers the samples stored.
 * Refuses the whole write past the per-request series cap (invalid) or the per-account one (unprocessable).
 * With a cache, series it knows are written by id (decoded series come with their entry, `hit`), and
 * what was written is remembered; a known series found gone (retention) is forgotten and the write
 * planned again, looking every series up anew.
 */
export async function writeSeries(store: Store, accountId: number, series: readonly SeriesIn[], limits: SeriesLimits, now: number, cache?: SeriesCache): Promise<number> {
  let known = cache && ((s: WireSeries<KnownSeries>) => s.hit);
  for (;;) {
    const p = plan(series, known, now);
    const distinct = p.fresh.length + p.known.length;
    if (distinct > limits.maxSeriesPerRequest) {
      throw invalid(`the request carries ${distinct} series; at most ${limits.maxSeriesPerRequest} per request (send smaller batches: queue_config.max_samples_per_send)`);
    }
    if (distinct === 0) return 0;
    const outcome = await store.labelledSeries.write(accountId, p.fresh, limits.maxSeriesPerAccount, now, p.known);
    if ('gone' in outcome) {
      const gone = new Set(outcome.gone);
      p.known.forEach((k, i) => gone.has(k.id) && cache?.forget(accountId, p.knownHits[i]!));
      // Every series looked up anew (the others of a gone one's id, sent in another encoding, are gone too).
      known = cache && ((s) => cache.get(accountId, s.key, s.keyStart, s.keyEnd));
      continue;
    }
    if (!outcome.ok) {
      throw unprocessable(
        `the account holds ${outcome.existing} series and this request adds ${outcome.adding}: at most ${limits.maxSeriesPerAccount} series per account (series not written for the minute retention are removed)`,
      );
    }
    if (cache) {
      // New series in the order sent, each linked to the one before it (SeriesCache.get tries that first).
      let after: KnownSeries | undefined;
      for (let i = 0; i < p.fresh.length; i++) {
        const from = p.freshFrom[i];
        const s = p.fresh[i]!;
        if (from !== undefined) after = cache.set(accountId, from, { id: outcome.ids[i]!, fingerprint: s.fingerprint, name: s.name }, now, after);
      }
      for (let i = 0; i < p.known.length; i++) if (p.known[i]!.touch) cache.touch(p.knownHits[i]!, now);
    }
    return p.samples;
  }
}

/** A closed hour is compacted this long after it ends (a late sample of it goes to its chunk at the next run). */
export const COMPACT_AFTER_SECONDS = 300;

/** Moves the samples of every closed hour (COMPACT_AFTER_SECONDS past its end) into each series' hour chunks. */
export function compactSeries(store: Store, now: number): Promise<number> {
  return store.labelledSeries.compact(Math.floor((now - COMPACT_AFTER_SECONDS) / 3600) * 3600);
}
