/**
 * A direct reader of the protobuf wire format of prometheus.WriteRequest (prompb/remote.proto,
 * types.proto): timeseries = 1 { labels = 1 { name = 1, value = 2 }, samples = 2 { value = 1
 * (double), timestamp = 2 (int64) } }; every other field (metadata, exemplars, histograms) skipped as
 * protobuf allows. It replaces reflection decoding on the remote-write path, which spent most of its
 * time on 64-bit values as decimal strings (bench/peers' remote-write part). Throws WireError.
 */

export class WireError extends Error {}

/** A sample as read: the value's 64 bits as two halves (so a staleness NaN keeps its bits) and the timestamp. */
export interface WireSample {
  high: number;
  low: number;
  value: number;
  /** Epoch ms, or NaN when it does not fit a safe integer (negative, or past 2^53). */
  ms: number;
}
export interface WireLabel {
  name: string;
  value: string;
}
/**
 * A series' label fields as sent, byte for byte: equal bytes are the same label set, so a receiver can
 * know a series again without decoding its labels or hashing them with SHA-256.
 */
export class LabelBytes {
  constructor(
    readonly buf: Buffer,
    /** Byte ranges [start, end) of the label fields. */
    readonly at: readonly number[],
    /** A 30-bit hash of the bytes (FNV-1a), for a map key: equal bytes, equal hash. */
    readonly hash: number,
    readonly length: number,
  ) {}

  /** The bytes as a string (one latin1 character a byte), to keep. */
  text(): string {
    let s = '';
    for (let i = 0; i < this.at.length; i += 2) s += this.buf.toString('latin1', this.at[i], this.at[i + 1]);
    return s;
  }

  /** Whether `text` (of `text()`) holds these bytes. */
  equals(text: string): boolean {
    if (text.length !== this.length) return false;
    let k = 0;
    for (let i = 0; i < this.at.length; i += 2) {
      for (let j = this.at[i]!, end = this.at[i + 1]!; j < end; j++) if (text.charCodeAt(k++) !== this.buf[j]) return false;
    }
    return true;
  }

  labels(): WireLabel[] {
    const labels: WireLabel[] = [];
    for (let i = 0; i < this.at.length; i += 2) {
      const r = new Reader(this.buf, this.at[i]!, this.at[i + 1]!);
      while (r.pos < r.end) {
        r.varint();
        const e = r.len();
        labels.push(label(r, e));
        r.pos = e;
      }
    }
    return labels;
  }
}

export interface WireSeries {
  bytes: LabelBytes;
  /** Decoded labels; null when `known` knew the bytes (then `bytes.labels()` decodes them). */
  labels: WireLabel[] | null;
  /** The metric name `known` answered, or null. */
  name: string | null;
  samples: WireSample[];
}

const VARINT = 0;
const I64 = 1;
const LEN = 2;
const I32 = 5;

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

function label(r: Reader, end: number) {
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

function sample(r: Reader, end: number): WireSample {
  const s: WireSample = { high: 0, low: 0, value: 0, ms: 0 };
  while (r.pos < end) {
    const tag = r.varint();
    if (tag === ((1 << 3) | I64)) {
      if (r.pos + 8 > end) throw new WireError('truncated sample value');
      s.low = r.buf.readUInt32LE(r.pos);
      s.high = r.buf.readUInt32LE(r.pos + 4);
      s.value = r.buf.readDoubleLE(r.pos);
      r.pos += 8;
    } else if (tag === ((2 << 3) | VARINT)) s.ms = r.varint();
    else r.skip(tag & 7);
  }
  return s;
}

function timeSeries(r: Reader, end: number, known?: (bytes: LabelBytes) => string | undefined): WireSeries {
  const at: number[] = [];
  let hash = 0x811c9dc5;
  let length = 0;
  const samples: WireSample[] = [];
  while (r.pos < end) {
    const start = r.pos;
    const tag = r.varint();
    if (tag === ((1 << 3) | LEN)) {
      r.pos = r.len();
      for (let j = start; j < r.pos; j++) hash = Math.imul(hash ^ r.buf[j]!, 0x01000193);
      length += r.pos - start;
      // Label fields next to each other (as every sender writes them) make one range.
      if (at.length > 0 && at[at.length - 1] === start) at[at.length - 1] = r.pos;
      else at.push(start, r.pos);
    } else if (tag === ((2 << 3) | LEN)) {
      const e = r.len();
      samples.push(sample(r, e));
      r.pos = e;
    } else r.skip(tag & 7);
  }
  const bytes = new LabelBytes(r.buf, at, hash & 0x3fffffff, length);
  const name = known?.(bytes);
  return { bytes, labels: name === undefined ? bytes.labels() : null, name: name ?? null, samples };
}

/**
 * Reads a WriteRequest's series (labels in the order sent). A series whose key `known` knows (answering
 * its metric name) keeps its labels undecoded (labels null).
 */
export function readWriteRequest(buf: Buffer, known?: (bytes: LabelBytes) => string | undefined): WireSeries[] {
  const r = new Reader(buf, 0, buf.length);
  const out: WireSeries[] = [];
  while (r.pos < r.end) {
    const tag = r.varint();
    if (tag === ((1 << 3) | LEN)) {
      const e = r.len();
      out.push(timeSeries(r, e, known));
      r.pos = e;
    } else r.skip(tag & 7);
  }
  return out;
}
