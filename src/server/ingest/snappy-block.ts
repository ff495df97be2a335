/**
 * Snappy's block format (format_description.txt in google/snappy), decompression only: what remote
 * write bodies are. It replaces snappyjs's on the remote-write path for three reasons: it writes into
 * a buffer the caller keeps (no half-megabyte allocation per request), it copies runs of 32 bytes and
 * more natively, and it refuses a stream that does not fill exactly the length it names (snappyjs
 * leaves the rest zero-filled), as Go's snappy does. Throws SnappyError.
 */

export class SnappyError extends Error {}

/** Copies at least this long go through Buffer.copy/copyWithin; shorter ones are a byte loop (cheaper than the call). */
const NATIVE_COPY = 32;

/** The uncompressed length a block names first (a varint of at most 32 bits). */
export function uncompressedLength(src: Uint8Array): { length: number; start: number } {
  let length = 0;
  for (let i = 0, shift = 0; i < 5 && i < src.length; i++, shift += 7) {
    const b = src[i]!;
    length += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) {
      if (length > 0xffffffff) break;
      return { length, start: i + 1 };
    }
  }
  throw new SnappyError('bad uncompressed length');
}

/**
 * Decompresses the block `src` into `out` (at least uncompressedLength(src).length long); answers the
 * uncompressed length.
 */
export function uncompressInto(src: Buffer, out: Buffer): number {
  const { length, start } = uncompressedLength(src);
  if (out.length < length) throw new SnappyError(`an output of ${out.length} bytes cannot hold ${length}`);
  const end = src.length;
  let pos = start;
  let o = 0;
  while (pos < end) {
    const c = src[pos++]!;
    const kind = c & 3;
    if (kind === 0) {
      // A literal: its length - 1 in the tag's upper six bits, or (60..63) in the next 1..4 bytes.
      let len = c >>> 2;
      if (len >= 60) {
        const n = len - 59;
        if (pos + n > end) throw new SnappyError('truncated literal length');
        len = 0;
        for (let k = n - 1; k >= 0; k--) len = len * 256 + src[pos + k]!;
        pos += n;
      }
      len += 1;
      if (pos + len > end) throw new SnappyError('literal runs past the input');
      if (o + len > length) throw new SnappyError('literal runs past the stated length');
      if (len >= NATIVE_COPY) src.copy(out, o, pos, pos + len);
      else for (let k = 0; k < len; k++) out[o + k] = src[pos + k]!;
      pos += len;
      o += len;
      continue;
    }
    let len: number;
    let offset: number;
    if (kind === 1) {
      if (pos >= end) throw new SnappyError('truncated copy');
      len = ((c >>> 2) & 7) + 4;
      offset = ((c >>> 5) << 8) | src[pos]!;
      pos += 1;
    } else if (kind === 2) {
      if (pos + 2 > end) throw new SnappyError('truncated copy');
      len = (c >>> 2) + 1;
      offset = src[pos]! | (src[pos + 1]! << 8);
      pos += 2;
    } else {
      if (pos + 4 > end) throw new SnappyError('truncated copy');
      len = (c >>> 2) + 1;
      offset = src.readUInt32LE(pos);
      pos += 4;
    }
    if (offset === 0 || offset > o) throw new SnappyError(`copy offset ${offset} at output byte ${o} is out of range`);
    if (o + len > length) throw new SnappyError('copy runs past the stated length');
    // An overlapping copy (offset < len) repeats a pattern: byte by byte, as the format defines it.
    if (len >= NATIVE_COPY && offset >= len) out.copyWithin(o, o - offset, o - offset + len);
    else for (let k = 0, from = o - offset; k < len; k++) out[o + k] = out[from + k]!;
    o += len;
  }
  if (o !== length) throw new SnappyError(`the stream holds ${o} bytes, not the ${length} it states`);
  return length;
}
