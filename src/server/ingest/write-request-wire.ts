/**
 * A direct reader of the protobuf wire format of prometheus.WriteRequest (prompb/remote.proto,
 * types.proto): timeseries = 1 { labels = 1 { name = 1, value = 2 }, samples = 2 { value = 1
 * (double), timestamp = 2 (int64) } }; every other field (metadata, exemplars, histograms) skipped as
 * protobuf allows. It replaces reflection decoding on the remote-write path, which spent most of its
 * time on 64-bit values as decimal strings (bench/peers' remote-write part). Throws WireError.
 *
 * It is shaped by what a receiver does with a stream that sends the same series every scrape: a
 * series is named by its label fields as sent (its key); a series the caller knows by them
 * (services/series-cache.ts) has no label decoded and no key copied, and the keys of the others are
 * copied into one buffer per request (one object for thousands of keys the cache keeps);
 * and the samples of the whole request go to two flat arrays (a series holds a range of them), so a
 * sample is no object.
 */

export class WireError extends Error {}

/** A sample timestamp that is negative or past 2^53 (a WireError naming its series by index). */
export class BadTimestamp extends WireError {
  constructor(readonly series: number) {
    super(`series ${series}: bad sample timestamp (negative or past 2^53)`);
  }
}

export interface WireLabel {
  name: string;
  value: string;
}

/** What the caller knows of a series (services/series-cache.ts): at least its key, its keyHash and its metric name. */
export interface KnownKey {
  /** The key is key[keyStart, keyEnd) (a buffer shared by the keys of one request). */
  readonly key: Buffer;
  readonly keyStart: number;
  readonly keyEnd: number;
  readonly hash: number;
  readonly name: string;
}

/** Looks a series up by its key, the label bytes buf[start, end). */
export type KeyLookup<K> = (buf: Buffer, start: number, end: number) => K | undefined;

/**
 * One TimeSeries as read: a remote-write series (ingest/remote-write.ts RemoteSeries) whose labels and
 * samples are decoded only when asked for.
 */
export class WireSeries<K extends KnownKey> {
  private decoded: WireLabel[] | null;
  /** Its metric name: the answer of `known`, or set once its labels are checked. */
  name: string | undefined;
  /**
   * The label fields as sent, byte for byte (equal keys are the same label set), are key[keyStart,
   * keyEnd): the known one's when known, otherwise the request's key buffer once read whole.
   */
  key: Buffer;
  keyStart: number;
  keyEnd: number;

  constructor(
    key: Buffer,
    keyStart: number,
    keyEnd: number,
    /** keyHash of the key. */
    readonly hash: number,
    /** What `known` answered for the key (then its labels were not decoded). */
    readonly hit: K | undefined,
    labels: WireLabel[] | null,
    /** The request's sample arrays; this series' samples are [from, to) of them. */
    readonly ms: readonly number[],
    readonly values: readonly number[],
    readonly from: number,
    readonly to: number,
  ) {
    this.key = key;
    this.keyStart = keyStart;
    this.keyEnd = keyEnd;
    this.decoded = labels;
    this.name = hit?.name;
  }

  /** The labels in the order sent (decoded from the key if `known` knew it). */
  get labels(): WireLabel[] {
    return (this.decoded ??= labelsIn(this.key, [this.keyStart, this.keyEnd]));
  }

  get samples(): { ms: number; value: number }[] {
    const out = [];
    for (let i = this.from; i < this.to; i++) out.push({ ms: this.ms[i]!, value: this.values[i]! });
    return out;
  }
}

/**
 * A 30-bit hash of buf[start, end) (MurmurHash3's mixing, four bytes a step): a Map key that is a
 * small integer, and cheaper than hashing a string made of the bytes.
 */
export function keyHash(buf: Buffer, start: number, end: number): number {
  let h = end - start;
  let j = start;
  for (; j + 4 <= end; j += 4) {
    let k = buf[j]! | (buf[j + 1]! << 8) | (buf[j + 2]! << 16) | (buf[j + 3]! << 24);
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  for (; j < end; j++) h = Math.imul(h ^ buf[j]!, 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h & 0x3fffffff;
}

export interface WireRequest<K extends KnownKey> {
  series: WireSeries<K>[];
  /** Sample timestamps (epoch ms) and values of all series, stale markers left out. */
  ms: number[];
  values: number[];
  /** Series whose keys still lie in the body (copied by keepKeys when the body is read). */
  unkept: WireSeries<K>[] | null;
}

const VARINT = 0;
const I64 = 1;
const LEN = 2;
const I32 = 5;
const LABELS = (1 << 3) | LEN;
const SAMPLES = (2 << 3) | LEN;
const SAMPLE_VALUE = (1 << 3) | I64;
const SAMPLE_TIMESTAMP = (2 << 3) | VARINT;

class Reader {
  pos: number;
  constructor(
    readonly buf: Buffer,
    start: number,
    readonly end: number,
  ) {
    this.pos = start;
  }
  /** A varint as a number; past 2^53 (a negative int64 among them) NaN, its bytes consumed. */
  varint(): number {
    const b0 = this.pos < this.end ? this.buf[this.pos]! : 0x80;
    if (b0 < 0x80) {
      this.pos++;
      return b0;
    }
    let n = 0;
    let mul = 1;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) throw new WireError(`truncated varint at byte ${this.pos}`);
      const b = this.buf[this.pos++]!;
      n += (b & 0x7f) * mul;
      if (b < 0x80) return n <= Number.MAX_SAFE_INTEGER ? n : NaN;
      mul *= 128;
    }
    throw new WireError(`varint longer than 10 bytes at byte ${this.pos}`);
  }
  /** The end of a length-delimited field starting here. */
  len(): number {
    const n = this.varint();
    const end = this.pos + n;
    if (!Number.isFinite(n) || end > this.end) throw new WireError(`length ${n} at byte ${this.pos} runs past the end`);
    return end;
  }
  skip(wire: number) {
    if (wire === VARINT) this.varint();
    else if (wire === I64) this.pos += 8;
    else if (wire === LEN) this.pos = this.len();
    else if (wire === I32) this.pos += 4;
    else throw new WireError(`unsupported wire type ${wire} at byte ${this.pos}`);
    if (this.pos > this.end) throw new WireError('a field runs past the end');
  }
  string(): string {
    const end = this.len();
    const s = this.buf.toString('utf8', this.pos, end);
    this.pos = end;
    return s;
  }
}

function label(r: Reader, end: number): WireLabel {
  let name = '';
  let value = '';
  while (r.pos < end) {
    const tag = r.varint();
    if (tag === ((1 << 3) | LEN)) name = r.string();
    else if (tag === ((2 << 3) | LEN)) value = r.string();
    else r.skip(tag & 7);
  }
  return { name, value };
}

/** Decodes label fields (a key's bytes, or a series' label ranges). */
function labelsIn(buf: Buffer, ranges: readonly number[]): WireLabel[] {
  const labels: WireLabel[] = [];
  for (let i = 0; i < ranges.length; i += 2) {
    const r = new Reader(buf, ranges[i]!, ranges[i + 1]!);
    while (r.pos < r.end) {
      r.varint();
      const e = r.len();
      labels.push(label(r, e));
      r.pos = e;
    }
  }
  return labels;
}

/** Prometheus's staleness marker (value.StaleNaN, 0x7ff0000000000002) at `pos`, little-endian. */
function isStale(buf: Buffer, pos: number): boolean {
  return buf[pos] === 0x02 && buf[pos + 1] === 0 && buf[pos + 2] === 0 && buf[pos + 3] === 0 && buf[pos + 4] === 0 && buf[pos + 5] === 0 && buf[pos + 6] === 0xf0 && buf[pos + 7] === 0x7f;
}

/** Reads one Sample into the request's arrays, unless it is a stale marker (Prometheus's receiver skips them too). */
function sample<K extends KnownKey>(r: Reader, end: number, out: WireRequest<K>, series: number) {
  let value = 0;
  let ms = 0;
  let stale = false;
  while (r.pos < end) {
    const tag = r.varint();
    if (tag === SAMPLE_VALUE) {
      if (r.pos + 8 > end) throw new WireError('truncated sample value');
      value = r.buf.readDoubleLE(r.pos);
      stale = value !== value && isStale(r.buf, r.pos);
      r.pos += 8;
    } else if (tag === SAMPLE_TIMESTAMP) ms = r.varint();
    else r.skip(tag & 7);
  }
  if (ms !== ms) throw new BadTimestamp(series);
  if (stale) return;
  out.ms.push(ms);
  out.values.push(value);
}

function timeSeries<K extends KnownKey>(r: Reader, end: number, out: WireRequest<K>, known: KeyLookup<K> | undefined) {
  const index = out.series.length;
  const from = out.ms.length;
  // Byte ranges [start, end) of the label fields: one when they are next to each other, as every sender writes them.
  let at0 = -1;
  let at1 = -1;
  let more: number[] | null = null;
  while (r.pos < end) {
    const start = r.pos;
    const tag = r.varint();
    if (tag === LABELS) {
      r.pos = r.len();
      if (at1 === start) at1 = r.pos;
      else if (at0 < 0) {
        at0 = start;
        at1 = r.pos;
      } else {
        (more ??= []).push(at0, at1);
        at0 = start;
        at1 = r.pos;
      }
    } else if (tag === SAMPLES) {
      const e = r.len();
      sample(r, e, out, index);
      r.pos = e;
    } else r.skip(tag & 7);
  }
  // The key's bytes: in place, or joined when the label fields lie apart.
  let buf = r.buf;
  if (at0 < 0) at0 = at1 = 0;
  else if (more !== null) {
    more.push(at0, at1);
    buf = Buffer.concat(more.flatMap((_, i) => (i % 2 ? [] : [r.buf.subarray(more[i], more[i + 1])])));
    at0 = 0;
    at1 = buf.length;
  }
  const hit = known?.(buf, at0, at1);
  if (hit !== undefined) out.series.push(new WireSeries(hit.key, hit.keyStart, hit.keyEnd, hit.hash, hit, null, out.ms, out.values, from, out.ms.length));
  else {
    const s = new WireSeries<K>(buf, at0, at1, keyHash(buf, at0, at1), undefined, labelsIn(buf, [at0, at1]), out.ms, out.values, from, out.ms.length);
    out.series.push(s);
    (out.unkept ??= []).push(s);
  }
}

/** Copies the keys of series not known into one buffer: the caller may keep them, and the body's buffer is reused (remote-write.ts). */
function keepKeys<K extends KnownKey>(series: readonly WireSeries<K>[]) {
  let length = 0;
  for (const s of series) length += s.keyEnd - s.keyStart;
  const keys = Buffer.allocUnsafe(length);
  let at = 0;
  for (const s of series) {
    const end = at + s.key.copy(keys, at, s.keyStart, s.keyEnd);
    s.key = keys;
    s.keyStart = at;
    s.keyEnd = at = end;
  }
}

/**
 * Reads a WriteRequest's series (labels in the order sent). A series whose key `known` knows keeps
 * its labels undecoded (labels null, hit the answer).
 */
export function readWriteRequest<K extends KnownKey>(buf: Buffer, known?: KeyLookup<K>): WireRequest<K> {
  const r = new Reader(buf, 0, buf.length);
  const out: WireRequest<K> = { series: [], ms: [], values: [], unkept: null };
  while (r.pos < r.end) {
    const tag = r.varint();
    if (tag === LABELS) {
      const e = r.len();
      timeSeries(r, e, out, known);
      r.pos = e;
    } else r.skip(tag & 7);
  }
  if (out.unkept !== null) keepKeys(out.unkept);
  return out;
}
