import { describe, expect, it } from 'vitest';
import { snappy, writeRequest } from './remote-write';

/** The snappy block decoder of the format description, to check what the encoder writes. */
function unsnappy(b: Buffer): Buffer {
  let pos = 0;
  let size = 0;
  for (let shift = 1; ; shift *= 128) {
    const c = b[pos++]!;
    size += (c & 127) * shift;
    if (c < 128) break;
  }
  const out = Buffer.alloc(size);
  let o = 0;
  while (pos < b.length) {
    const tag = b[pos++]!;
    if ((tag & 3) === 0) {
      let n = tag >> 2;
      if (n >= 60) {
        const bytes = n - 59;
        n = b.readUIntLE(pos, bytes);
        pos += bytes;
      }
      o += b.copy(out, o, pos, pos + n + 1);
      pos += n + 1;
    } else {
      expect(tag & 3).toBe(2);
      const n = (tag >> 2) + 1;
      const offset = b.readUInt16LE(pos);
      pos += 2;
      for (let k = 0; k < n; k++, o++) out[o] = out[o - offset]!;
    }
  }
  expect(o).toBe(size);
  return out;
}

describe('snappy', () => {
  it.each([
    ['empty', Buffer.alloc(0)],
    ['short', Buffer.from('abc')],
    ['repetitive', Buffer.from('fleet_process_cpu{pid="1003",process="proc-3",server="fleet-1"} '.repeat(500))],
    ['long literal', Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 251))],
    ['long run', Buffer.alloc(1000, 7)],
  ])('round-trips %s input', (_, input) => {
    const packed = snappy(input);
    expect(unsnappy(packed).equals(input)).toBe(true);
  });

  it('compresses repeated label text', () => {
    const input = Buffer.from('server="fleet-1",process="proc-3"'.repeat(1000));
    expect(snappy(input).length).toBeLessThan(input.length / 10);
  });
});

describe('writeRequest', () => {
  it('writes the WriteRequest protobuf of one series with one sample', () => {
    const bytes = writeRequest([{ name: 'a', labels: [], value: 1 }], 2);
    const label = Buffer.from([0x0a, 0x08, ...Buffer.from('__name__'), 0x12, 0x01, 0x61]);
    const sample = Buffer.from([0x09, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0x10, 0x02]);
    const series = Buffer.from([0x0a, label.length, ...label, 0x12, sample.length, ...sample]);
    expect([...bytes]).toEqual([0x0a, series.length, ...series]);
  });

  it('writes millisecond timestamps as varints and labels after __name__', () => {
    const bytes = writeRequest([{ name: 'm', labels: [['server', 'x']], value: 0.5 }], 1_700_000_000_000);
    expect(bytes.includes(Buffer.from([0x0a, 0x08, ...Buffer.from('__name__')]))).toBe(true);
    expect(bytes.indexOf(Buffer.from('server'))).toBeGreaterThan(bytes.indexOf(Buffer.from('__name__')));
    const ts = bytes.subarray(bytes.lastIndexOf(0x10) + 1);
    let v = 0;
    ts.forEach((c, k) => (v += (c & 127) * 128 ** k));
    expect(v).toBe(1_700_000_000_000);
  });
});
