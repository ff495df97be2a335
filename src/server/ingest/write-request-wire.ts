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
export interface WireSeries {
  labels: { name: string; value: string }[];
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

function timeSeries(r: Reader, end: number): WireSeries {
  const out: WireSeries = { labels: [], samples: [] };
  while (r.pos < end) {
    const tag = r.varint();
    if (tag === ((1 << 3) | LEN)) {
      const e = r.len();
      out.labels.push(label(r, e));
      r.pos = e;
    } else if (tag === ((2 << 3) | LEN)) {
      const e = r.len();
      out.samples.push(sample(r, e));
      r.pos = e;
    } else r.skip(tag & 7);
  }
  return out;
}

/** Reads a WriteRequest's series (labels in the order sent). */
export function readWriteRequest(buf: Buffer): WireSeries[] {
  const r = new Reader(buf, 0, buf.length);
  const out: WireSeries[] = [];
  while (r.pos < r.end) {
    const tag = r.varint();
    if (tag === ((1 << 3) | LEN)) {
      const e = r.len();
      out.push(timeSeries(r, e));
      r.pos = e;
    } else r.skip(tag & 7);
  }
  return out;
}
