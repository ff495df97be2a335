// Prometheus remote write 1.0 bodies without a dependency: the WriteRequest protobuf (prompb/remote.proto,
// types.proto) written by hand, then compressed with snappy's block format, which the protocol requires.
import type { Sample } from './samples';

const varintSize = (n: number) => {
  let size = 1;
  while (n >= 128) {
    n = Math.floor(n / 128);
    size++;
  }
  return size;
};

class Writer {
  buf: Buffer;
  pos = 0;
  constructor(size: number) {
    this.buf = Buffer.alloc(size);
  }
  varint(n: number) {
    while (n >= 128) {
      this.buf[this.pos++] = (n % 128) | 128;
      n = Math.floor(n / 128);
    }
    this.buf[this.pos++] = n;
  }
  /** A length-delimited field: tag, byte length, bytes. */
  field(tag: number, bytes: Buffer) {
    this.buf[this.pos++] = tag;
    this.varint(bytes.length);
    this.pos += bytes.copy(this.buf, this.pos);
  }
}

/** WriteRequest { repeated TimeSeries timeseries = 1 }, each series one sample at `ms`; labels sorted, __name__ first. */
export function writeRequest(samples: Sample[], ms: number): Buffer {
  const series = samples.map((s) => {
    const labels = [['__name__', s.name] as [string, string], ...s.labels].map(([k, v]) => {
      const name = Buffer.from(k);
      const value = Buffer.from(v);
      const size = 2 + varintSize(name.length) + name.length + varintSize(value.length) + value.length;
      return { name, value, size };
    });
    const sampleSize = 9 + 1 + varintSize(ms); // tag + double value = 1, tag + varint int64 timestamp = 2
    const size = labels.reduce((n, l) => n + 1 + varintSize(l.size) + l.size, 0) + 1 + varintSize(sampleSize) + sampleSize;
    return { labels, value: s.value, sampleSize, size };
  });
  const w = new Writer(series.reduce((n, s) => n + 1 + varintSize(s.size) + s.size, 0));
  for (const s of series) {
    w.buf[w.pos++] = 0x0a;
    w.varint(s.size);
    for (const l of s.labels) {
      w.buf[w.pos++] = 0x0a;
      w.varint(l.size);
      w.field(0x0a, l.name);
      w.field(0x12, l.value);
    }
    w.buf[w.pos++] = 0x12;
    w.varint(s.sampleSize);
    w.buf[w.pos++] = 0x09;
    w.pos = w.buf.writeDoubleLE(s.value, w.pos);
    w.buf[w.pos++] = 0x10;
    w.varint(ms);
  }
  if (w.pos !== w.buf.length) throw new Error(`WriteRequest size: wrote ${w.pos} bytes of ${w.buf.length}`);
  return w.buf;
}

/** Snappy block format (greedy matching over a 16-bit window; what any decoder reads, e.g. golang/snappy). */
export function snappy(src: Buffer): Buffer {
  const w = new Writer(src.length + Math.ceil(src.length / 60) + 16);
  w.varint(src.length);
  const literal = (from: number, to: number) => {
    let n = to - from;
    if (n === 0) return;
    n--;
    if (n < 60) w.buf[w.pos++] = n << 2;
    else {
      const bytes = n < 0x100 ? 1 : n < 0x10000 ? 2 : n < 0x1000000 ? 3 : 4;
      w.buf[w.pos++] = (59 + bytes) << 2;
      w.pos = w.buf.writeUIntLE(n, w.pos, bytes);
    }
    w.pos += src.copy(w.buf, w.pos, from, to);
  };
  const table = new Int32Array(1 << 14).fill(-1);
  let lit = 0;
  let i = 0;
  while (i + 4 <= src.length) {
    const word = src.readUInt32LE(i);
    const h = Math.imul(word, 0x1e35a7bd) >>> 18;
    const cand = table[h]!;
    table[h] = i;
    if (cand < 0 || i - cand > 0xffff || src.readUInt32LE(cand) !== word) {
      i++;
      continue;
    }
    literal(lit, i);
    let len = 4;
    while (i + len < src.length && src[cand + len] === src[i + len]) len++;
    const offset = i - cand;
    i += len;
    lit = i;
    for (; len > 0; len -= 64) {
      const n = Math.min(len, 64); // copy with a 2-byte offset: tag (n - 1) << 2 | 2
      w.buf[w.pos++] = ((n - 1) << 2) | 2;
      w.pos = w.buf.writeUInt16LE(offset, w.pos);
    }
  }
  literal(lit, src.length);
  return w.buf.subarray(0, w.pos);
}
