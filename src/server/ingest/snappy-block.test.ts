import snappy from 'snappyjs';
import { describe, expect, it } from 'vitest';
import { SnappyError, uncompressedLength, uncompressInto } from './snappy-block';

/** A seeded generator (mulberry32): the same bytes every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const inflate = (block: Uint8Array) => {
  const src = Buffer.from(block);
  const out = Buffer.alloc(uncompressedLength(src).length + 16, 0xee);
  return out.subarray(0, uncompressInto(src, out));
};

describe('snappy block decompression', () => {
  const rnd = random(20);
  const text = Buffer.from('fleet_server_cpu{core="0",server="rw-1"} '.repeat(4000));
  const noise = Buffer.from(Array.from({ length: 70_000 }, () => Math.floor(rnd() * 256)));
  // Runs of a repeated byte (overlapping copies) and long literals between them.
  const mixed = Buffer.concat(Array.from({ length: 40 }, (_, i) => Buffer.concat([Buffer.alloc(i * 37, i), noise.subarray(i * 100, i * 100 + i * 13)])));

  it.each([
    ['empty', Buffer.alloc(0)],
    ['one byte', Buffer.from([7])],
    ['repetitive text', text],
    ['random bytes (literals past 2^16)', noise],
    ['runs and literals', mixed],
  ])('reads what snappyjs writes: %s', (_what, data) => {
    expect(inflate(snappy.compress(data)).equals(data)).toBe(true);
  });

  it('reads copies with 1-, 2- and 4-byte offsets, overlapping ones as repeats', () => {
    // "abcd", a 1-byte-offset copy of 8 from 4 back (overlapping), a 2-byte-offset copy, a 4-byte-offset copy.
    const block = Buffer.from([20, 3 << 2, 0x61, 0x62, 0x63, 0x64, 0x01 | ((8 - 4) << 2), 4, 0x02 | ((4 - 1) << 2), 12, 0, 0x03 | ((4 - 1) << 2), 16, 0, 0, 0]);
    expect(inflate(block).toString()).toBe('abcdabcdabcdabcdabcd');
  });

  it('refuses every truncation of a stream, naming what is wrong', () => {
    const block = Buffer.from(snappy.compress(mixed));
    for (let n = 0; n < block.length; n += n < 300 ? 1 : 97) {
      expect(() => inflate(block.subarray(0, n)), `${n} bytes`).toThrow(SnappyError);
    }
  });

  it('never throws anything but SnappyError on corrupt streams, nor writes past the stated length', () => {
    const block = Buffer.from(snappy.compress(text.subarray(0, 3000)));
    const rand = random(7);
    for (let i = 0; i < 2000; i++) {
      const bad = Buffer.from(block);
      for (let k = 0; k < 1 + (i % 4); k++) bad[Math.floor(rand() * bad.length)] = Math.floor(rand() * 256);
      const out = Buffer.alloc(3016, 0xee);
      try {
        const n = uncompressInto(bad, out);
        expect(out.subarray(n).every((b) => b === 0xee)).toBe(true);
      } catch (err) {
        expect(err).toBeInstanceOf(SnappyError);
      }
    }
  });

  it.each([
    ['a length varint that never ends', Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), /uncompressed length/],
    ['a copy before any output', Buffer.from([4, 0x01, 1]), /offset/],
    ['a zero offset', Buffer.from([8, 0, 0x61, 0x01, 0]), /offset/],
    ['more output than stated', Buffer.from([1, 4, 0x61, 0x62]), /past the stated length/],
    ['less output than stated', Buffer.from([3, 0, 0x61]), /holds 1 bytes, not the 3/],
  ])('refuses %s', (_what, block, message) => expect(() => inflate(block)).toThrow(message));
});
