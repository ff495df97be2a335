import type { SeriesPointRecord, SeriesSampleRecord } from '../repos/labelled-series';

/**
 * How both stores keep labelled series' samples (issue 20), in two tiers:
 * - recent: a row per account, block of 256 series ids and minute (`series_samples`), whose `data` is
 *   the samples of that block's series in that minute as float64 triples (series id, epoch ms, value)
 *   in the order written. A write appends to the row, so a remote write of 3,219 series is about 13
 *   row writes instead of 3,219;
 * - compacted: once an hour has closed, a job moves each block's rows of it into a row per series and
 *   hour (`series_chunks`), float64 pairs (epoch ms, value) in the order written, so a read of one
 *   series' day is 24 rows of its own, plus its block's rows of the hour not compacted yet.
 */
export const SERIES_BLOCK = 256;
const TRIPLE = 3;
const PAIR = 2;

/** One series' samples to store: parallel arrays of epoch ms and values. */
export interface SeriesSamples {
  id: number;
  ms: readonly number[];
  values: readonly number[];
}

/**
 * A write's series as sampleRows takes them, made at one place so that they share one shape: a mix of
 * the write's new series and the cached ones (two shapes) made sampleRows' optimized code bail out to
 * the interpreter 16 times in the minute after a write of 161,000 new series (once with one shape;
 * --trace-deopt in bench/remote-write-micro.ts).
 */
export const seriesSamples = (id: number, s: { readonly ms: readonly number[]; readonly values: readonly number[] }): SeriesSamples => ({ id, ms: s.ms, values: s.values });

/** A row to append to: its block, minute (epoch seconds) and the samples' bytes. */
export interface SampleRow {
  block: number;
  minute: number;
  data: Buffer;
}

export const blockOf = (id: number) => Math.floor(id / SERIES_BLOCK);

/**
 * The rows a write appends to, ordered by block then minute (writers sharing rows lock them in one
 * order). Each row's bytes are a view of one array filled in two passes (a group per block and minute).
 */
export function sampleRows(series: readonly SeriesSamples[]): SampleRow[] {
  const groups: { block: number; minute: number; n: number; at: number }[] = [];
  const index = new Map<number, Map<number, number>>();
  let total = 0;
  for (const s of series) total += s.ms.length;
  const groupOf = new Int32Array(total);
  let k = 0;
  for (const s of series) {
    const block = blockOf(s.id);
    let minutes = index.get(block);
    if (!minutes) index.set(block, (minutes = new Map()));
    for (let i = 0; i < s.ms.length; i++, k++) {
      const minute = minuteOf(s.ms[i]!);
      let g = minutes.get(minute);
      if (g === undefined) {
        minutes.set(minute, (g = groups.length));
        groups.push({ block, minute, n: 0, at: 0 });
      }
      groups[g]!.n++;
      groupOf[k] = g;
    }
  }
  const order = groups.map((_, g) => g).sort((a, b) => groups[a]!.block - groups[b]!.block || groups[a]!.minute - groups[b]!.minute);
  let at = 0;
  for (const g of order) {
    groups[g]!.at = at;
    at += groups[g]!.n * TRIPLE;
  }
  const all = new Float64Array(total * TRIPLE);
  const fill = groups.map((g) => g.at);
  k = 0;
  for (const s of series) {
    for (let i = 0; i < s.ms.length; i++, k++) {
      const g = groupOf[k]!;
      const p = fill[g]!;
      all[p] = s.id;
      all[p + 1] = s.ms[i]!;
      all[p + 2] = s.values[i]!;
      fill[g] = p + TRIPLE;
    }
  }
  const bytes = Buffer.from(all.buffer);
  return order.map((g) => {
    const { block, minute, n, at: from } = groups[g]!;
    return { block, minute, data: bytes.subarray(from * 8, (from + n * TRIPLE) * 8) };
  });
}

/** The blocks holding these series. */
export function blocksOf(ids: readonly number[]): number[] {
  return [...new Set(ids.map(blockOf))].sort((a, b) => a - b);
}

/** A stored row's float64s (copied when the bytes are not 8-aligned), `width` a sample. */
function floats(data: Uint8Array, width: number): Float64Array {
  if (data.byteLength % (8 * width) !== 0) throw new Error(`a stored row of ${data.byteLength} bytes is not whole samples`);
  if (data.byteOffset % 8 === 0) return new Float64Array(data.buffer, data.byteOffset, data.byteLength / 8);
  return new Float64Array(new Uint8Array(data).buffer);
}

/** A series' hour chunk as stored. */
export interface ChunkRow {
  series_id: number;
  hour: number;
  data: Uint8Array;
}

/** A row of samples as stored. */
export interface BlockRow {
  minute: number;
  data: Uint8Array;
}

/** Epoch seconds of the minute holding `ms`. */
export const minuteOf = (ms: number) => Math.floor(ms / 60_000) * 60;

/** Epoch seconds of the hour holding `ms`. */
export const hourOf = (ms: number) => Math.floor(ms / 3_600_000) * 3600;

/**
 * The samples of `ids` within [fromMs, toMs] from stored chunks and rows (any order), ordered by
 * series, then time, then the order written (chunks hold what was written before the rows).
 */
export function readSamples(chunks: Iterable<ChunkRow>, rows: Iterable<BlockRow>, ids: ReadonlySet<number>, fromMs: number, toMs: number): SeriesSampleRecord[] {
  const out: SeriesSampleRecord[] = [];
  for (const c of [...chunks].sort((a, b) => a.series_id - b.series_id || a.hour - b.hour)) {
    const f = floats(c.data, PAIR);
    const seriesId = Number(c.series_id);
    if (!ids.has(seriesId)) continue;
    for (let k = 0; k < f.length; k += PAIR) {
      const ms = f[k]!;
      if (ms >= fromMs && ms <= toMs) out.push({ seriesId, ms, value: f[k + 1]! });
    }
  }
  for (const row of [...rows].sort((a, b) => a.minute - b.minute)) {
    const f = floats(row.data, TRIPLE);
    for (let k = 0; k < f.length; k += TRIPLE) {
      const id = f[k]!;
      const ms = f[k + 1]!;
      if (ids.has(id) && ms >= fromMs && ms <= toMs) out.push({ seriesId: id, ms, value: f[k + 2]! });
    }
  }
  // Stable: samples of one timestamp keep the order written (the later one is the minute's last).
  return out.sort((a, b) => a.seriesId - b.seriesId || a.ms - b.ms);
}

/** A series' chunk of an hour to append. */
export interface ChunkOut {
  seriesId: number;
  hour: number;
  data: Buffer;
}
/** Slots (series x hours) that chunkRows counts in one pass: 12 bytes each. */
const MAX_SLOTS = 1 << 22;

/**
 * The chunks that a block's rows (taken from series_samples, any order) append to: a row per series
 * and hour, its samples in the order written, ordered by series then hour. A row's samples all lie in
 * its minute (sampleRows), so its hour is the row's. Series `keep` refuses are left out.
 */
export function chunkRows(rows: readonly BlockRow[], keep: (seriesId: number) => boolean = () => true): ChunkOut[] {
  const sorted = [...rows].sort((a, b) => a.minute - b.minute).map((r) => ({ hour: hourOf(r.minute * 1000), f: floats(r.data, TRIPLE) }));
  const hours = [...new Set(sorted.map((r) => r.hour))].sort((a, b) => a - b);
  let low = Infinity;
  let high = -Infinity;
  for (const { f } of sorted) {
    for (let k = 0; k < f.length; k += TRIPLE) {
      const id = f[k]!;
      if (id < low) low = id;
      if (id > high) high = id;
    }
  }
  if (hours.length === 0) return [];
  // Two passes over typed arrays: count each series' samples per hour (slot = hour's index x span +
  // the id's offset from the lowest; the rows' blocks are neighbours), then fill one array.
  const span = high - low + 1;
  if (span > 1 << 20) throw new Error(`rows of ${span} series ids apart are not neighbouring blocks`);
  if (span * hours.length > MAX_SLOTS) {
    // A long backlog (the job stopped for days): a few hours at a time, then in series, then hour, order.
    const per = Math.max(1, Math.floor(MAX_SLOTS / span));
    const parts: ChunkOut[] = [];
    for (let h = 0; h < hours.length; h += per) {
      const within = new Set(hours.slice(h, h + per));
      parts.push(...chunkRows(rows.filter((r) => within.has(hourOf(r.minute * 1000))), keep));
    }
    return parts.sort((a, b) => a.seriesId - b.seriesId || a.hour - b.hour);
  }
  const count = new Int32Array(span * hours.length);
  const base = sorted.map((r) => hours.indexOf(r.hour) * span - low);
  sorted.forEach(({ f }, r) => {
    const b = base[r]!;
    for (let k = 0; k < f.length; k += TRIPLE) count[(b + f[k]!) | 0]!++;
  });
  // Slots in series, then hour, order; a kept slot's place in the array (floats), -1 when left out.
  const at = new Float64Array(count.length).fill(-1);
  const out: { seriesId: number; hour: number; from: number; to: number }[] = [];
  let size = 0;
  for (let i = 0; i < span; i++) {
    if (!keep(low + i)) continue;
    for (let h = 0; h < hours.length; h++) {
      const n = count[h * span + i]!;
      if (n === 0) continue;
      at[h * span + i] = size;
      out.push({ seriesId: low + i, hour: hours[h]!, from: size, to: (size += n * PAIR) });
    }
  }
  const all = new Float64Array(size);
  sorted.forEach(({ f }, r) => {
    const b = base[r]!;
    for (let k = 0; k < f.length; k += TRIPLE) {
      const slot = (b + f[k]!) | 0;
      const p = at[slot]!;
      if (p < 0) continue;
      all[p] = f[k + 1]!;
      all[p + 1] = f[k + 2]!;
      at[slot] = p + PAIR;
    }
  });
  const bytes = Buffer.from(all.buffer);
  return out.map((c) => ({ seriesId: c.seriesId, hour: c.hour, data: bytes.subarray(c.from * 8, c.to * 8) }));
}

/**
 * Each series' last sample of each minute (the latest by timestamp; of two at one timestamp the later
 * written), merged with minutes folded before samples were kept (`legacy`, series_minutes: an older
 * release's writes), of which a sample of the same minute wins at the same timestamp. In series, then
 * time, order; only points within [fromMs, toMs] are given, as the samples were read.
 */
export function minutePoints(samples: readonly SeriesSampleRecord[], legacy: readonly SeriesPointRecord[] = []): SeriesPointRecord[] {
  const all: SeriesPointRecord[] = legacy.map((p) => ({ ...p }));
  for (const s of samples) all.push({ seriesId: s.seriesId, lastMs: s.ms, value: s.value });
  // Legacy first, then samples in the order written: sorting is stable, so later entries win ties.
  all.sort((a, b) => a.seriesId - b.seriesId || a.lastMs - b.lastMs);
  const out: SeriesPointRecord[] = [];
  for (const p of all) {
    const prev = out[out.length - 1];
    if (prev && prev.seriesId === p.seriesId && Math.floor(prev.lastMs / 60_000) === Math.floor(p.lastMs / 60_000)) out[out.length - 1] = p;
    else out.push(p);
  }
  return out;
}
