import snappy from 'snappyjs';
import { describe, expect, it } from 'vitest';
import { BadWriteRequest, decodeWriteRequest, WRITE_REQUEST } from './remote-write';
import type { KeyLookup, KnownKey } from './write-request-wire';

type Series = { labels: { name: string; value: string }[]; samples: { value: number; timestamp: number }[] };
const encode = (timeseries: Series[]) => snappy.compress(WRITE_REQUEST.encode(WRITE_REQUEST.fromObject({ timeseries })).finish());
const labels = (o: Record<string, string>) => Object.entries(o).map(([name, value]) => ({ name, value }));
/** A series' key bytes. */
const keyOf = (s: Omit<KnownKey, 'name'>) => s.key.subarray(s.keyStart, s.keyEnd);

/** Prometheus's staleness marker, bit for bit (value.StaleNaN). */
function staleNaN(): number {
  const v = new DataView(new ArrayBuffer(8));
  v.setUint32(0, 0x7ff00000);
  v.setUint32(4, 2);
  return v.getFloat64(0);
}

describe('decodeWriteRequest', () => {
  it('reads labels and samples (ms timestamps, doubles, NaN and infinities)', () => {
    const body = encode([
      { labels: labels({ __name__: 'up', instance: 'a:9100', job: 'node' }), samples: [{ value: 1, timestamp: 1_700_000_000_123 }, { value: 0.25, timestamp: 1_700_000_015_000 }] },
      { labels: labels({ __name__: 'x' }), samples: [{ value: NaN, timestamp: 1 }, { value: -Infinity, timestamp: 2 }] },
    ]);
    const out = decodeWriteRequest(body);
    expect(out[0]).toMatchObject({
      labels: labels({ __name__: 'up', instance: 'a:9100', job: 'node' }),
      samples: [{ ms: 1_700_000_000_123, value: 1 }, { ms: 1_700_000_015_000, value: 0.25 }],
    });
    expect(out[1]!.samples[0]!.value).toBeNaN();
    expect(out[1]!.samples[1]!.value).toBe(-Infinity);
  });

  it('drops stale markers but keeps other NaNs', () => {
    const body = encode([{ labels: labels({ __name__: 'g' }), samples: [{ value: staleNaN(), timestamp: 5 }, { value: NaN, timestamp: 6 }] }]);
    const out = decodeWriteRequest(body);
    expect(out[0]!.samples).toHaveLength(1);
    expect(out[0]!.samples[0]!.ms).toBe(6);
  });

  it('drops stale markers anywhere among the samples', () => {
    const samples = [{ value: 1, timestamp: 1 }, { value: staleNaN(), timestamp: 2 }, { value: 3, timestamp: 3 }, { value: staleNaN(), timestamp: 4 }, { value: 5, timestamp: 5 }];
    const out = decodeWriteRequest(encode([{ labels: labels({ __name__: 'g' }), samples }]));
    expect(out[0]!.samples.map((s) => s.ms)).toEqual([1, 3, 5]);
  });

  it('leaves the labels of series it is told it knows unread and unchecked until asked for', () => {
    const body = encode([
      { labels: labels({ __name__: 'up', job: 'a' }), samples: [{ value: 1, timestamp: 1 }] },
      { labels: labels({ __name__: 'up', job: 'b' }), samples: [{ value: 2, timestamp: 2 }] },
    ]);
    const [first] = decodeWriteRequest(body);
    const asked: string[] = [];
    // Known: the key of job="a" (the label fields as sent), answered with its cache entry.
    const hit = { key: keyOf(first!), keyStart: 0, keyEnd: keyOf(first!).length, hash: first!.hash, name: 'up', id: 7 };
    const out = decodeWriteRequest(body, (buf, start, end) => {
      asked.push(buf.toString('latin1', start, end));
      return buf.subarray(start, end).equals(keyOf(first!)) ? hit : undefined;
    });
    expect(asked).toEqual([keyOf(first!).toString('latin1'), keyOf(out[1]!).toString('latin1')]);
    expect(out[0]!.hit).toBe(hit);
    expect(out[0]!.name).toBe('up');
    expect(out[1]!.hit).toBeUndefined();
    expect(out[1]!.name).toBe('up');
    expect(out[0]!.labels).toEqual(labels({ __name__: 'up', job: 'a' }));
    expect(out[0]!.samples).toEqual([{ ms: 1, value: 1 }]);
    expect(out[1]!.hash).not.toBe(out[0]!.hash);
    expect(keyOf(out[1]!).equals(keyOf(out[0]!))).toBe(false);
    // The key of a series not known is copied out of the body, whose inflated buffer the next request reuses.
    const kept = keyOf(out[1]!).toString('latin1');
    decodeWriteRequest(encode([{ labels: labels({ __name__: 'other', job: 'zzzzzzzz' }), samples: [{ value: 3, timestamp: 3 }] }]));
    expect(keyOf(out[1]!).toString('latin1')).toBe(kept);
  });

  it('keys a series by its label fields as sent, wherever they lie among its fields', () => {
    const label = (n: string, v: string) => Buffer.concat([Buffer.from([0x0a, n.length]), Buffer.from(n), Buffer.from([0x12, v.length]), Buffer.from(v)]);
    const field = (tag: number, b: Buffer) => Buffer.concat([Buffer.from([tag, b.length]), b]);
    const sample = Buffer.concat([Buffer.from([0x09]), Buffer.from(new Float64Array([3]).buffer), Buffer.from([0x10, 0x05])]);
    const [a, b] = [label('__name__', 'up'), label('job', 'x')];
    // The same label fields, together and with the sample between them.
    const together = field(0x0a, Buffer.concat([field(0x0a, a), field(0x0a, b), field(0x12, sample)]));
    const split = field(0x0a, Buffer.concat([field(0x0a, a), field(0x12, sample), field(0x0a, b)]));
    const [x, y] = decodeWriteRequest(snappy.compress(Buffer.concat([together, split])));
    expect(keyOf(x!).equals(keyOf(y!))).toBe(true);
    // Keys of series not known share one buffer a request.
    expect(x!.key).toBe(y!.key);
    expect(x!.hash).toBe(y!.hash);
    expect(y!.labels).toEqual(labels({ __name__: 'up', job: 'x' }));
    expect(y!.samples).toEqual([{ ms: 5, value: 3 }]);
  });

  it.each([
    ['not snappy', Buffer.from('definitely not snappy at all'), /snappy/],
    ['snappy but not protobuf', snappy.compress(Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f])), /protobuf/],
    ['no metric name', encode([{ labels: labels({ job: 'x' }), samples: [{ value: 1, timestamp: 1 }] }]), /__name__/],
    ['labels out of order', encode([{ labels: [{ name: 'job', value: 'x' }, { name: '__name__', value: 'up' }], samples: [] }]), /out of order/],
    ['duplicate label names', encode([{ labels: [{ name: '__name__', value: 'up' }, { name: 'a', value: '1' }, { name: 'a', value: '2' }], samples: [] }]), /duplicate label name a/],
    ['an invalid label name', encode([{ labels: labels({ __name__: 'up', 'bad-name': 'x' }), samples: [] }]), /invalid label name/],
    ['an invalid metric name', encode([{ labels: labels({ __name__: '1up' }), samples: [] }]), /invalid metric name/],
    ['an empty label value', encode([{ labels: labels({ __name__: 'up', a: '' }), samples: [] }]), /empty value/],
  ])('refuses %s', (_what, body, message) => {
    expect(() => decodeWriteRequest(body)).toThrow(BadWriteRequest);
    expect(() => decodeWriteRequest(body)).toThrow(message);
  });
});

describe('decodeWriteRequest on the wire', () => {
  it('skips fields it does not read (metadata, exemplars) and reads fields in any order', () => {
    const W = WRITE_REQUEST;
    const withMeta = W.encode(W.fromObject({ timeseries: [{ labels: labels({ __name__: 'm' }), samples: [{ value: 2.5, timestamp: 7 }] }], metadata: [{ type: 1, metric_family_name: 'm', help: 'h' }] })).finish();
    // A TimeSeries with an unknown field (3, as exemplars) before its sample, and the sample's timestamp before its value.
    const sample = Buffer.concat([Buffer.from([0x10, 0x09, 0x09]), Buffer.from(new Float64Array([4]).buffer)]);
    const label = Buffer.concat([Buffer.from([0x0a, 0x08]), Buffer.from('__name__'), Buffer.from([0x12, 0x01]), Buffer.from('n')]);
    const ts = Buffer.concat([Buffer.from([0x0a, label.length]), label, Buffer.from([0x1a, 0x02, 0x08, 0x01]), Buffer.from([0x12, sample.length]), sample]);
    const handMade = Buffer.concat([Buffer.from([0x0a, ts.length]), ts]);
    expect(decodeWriteRequest(snappy.compress(withMeta))).toMatchObject([{ labels: labels({ __name__: 'm' }), samples: [{ ms: 7, value: 2.5 }] }]);
    expect(decodeWriteRequest(snappy.compress(handMade))).toMatchObject([{ labels: labels({ __name__: 'n' }), samples: [{ ms: 9, value: 4 }] }]);
  });

  it.each([
    ['a negative timestamp', encode([{ labels: labels({ __name__: 'up' }), samples: [{ value: 1, timestamp: -5 }] }]), /bad sample timestamp/],
    ['a truncated series', snappy.compress(Buffer.from([0x0a, 0x05, 0x0a, 0x03])), /protobuf WriteRequest/],
    ['a truncated sample value', snappy.compress(Buffer.from([0x0a, 0x04, 0x12, 0x02, 0x09, 0x00])), /protobuf WriteRequest/],
  ])('refuses %s', (_what, body, message) => expect(() => decodeWriteRequest(body)).toThrow(message));
});

describe('decodeWriteRequest on corrupt bodies', () => {
  const body = encode([
    { labels: labels({ __name__: 'up', instance: 'a:9100', job: 'node' }), samples: [{ value: 1, timestamp: 1_700_000_000_123 }, { value: staleNaN(), timestamp: 1_700_000_015_000 }] },
    { labels: labels({ __name__: 'x', le: '0.5' }), samples: [{ value: 2.5, timestamp: 3 }] },
  ]);
  const proto = Buffer.from(snappy.uncompress(body));
  /** Decodes, answering the error's class when it throws. */
  const outcome = (b: Uint8Array, known?: KeyLookup<KnownKey>) => {
    try {
      decodeWriteRequest(b, known);
      return 'read';
    } catch (err) {
      return err instanceof BadWriteRequest ? 'refused' : `${(err as Error).constructor.name}: ${(err as Error).message}`;
    }
  };

  it('refuses every truncation of the snappy body or of the protobuf with BadWriteRequest', () => {
    for (let n = 0; n < body.length; n++) expect(outcome(body.subarray(0, n)), `${n} snappy bytes`).toBe('refused');
    // A protobuf cut between two fields reads as fewer fields; any other cut is refused. Never another error.
    for (let n = 0; n < proto.length; n++) expect(outcome(snappy.compress(proto.subarray(0, n))), `${n} protobuf bytes`).toMatch(/^(read|refused)$/);
    expect(outcome(snappy.compress(proto.subarray(0, proto.length - 1)))).toBe('refused');
  });

  it('reads or refuses (400), never fails otherwise, bodies with bytes changed at random, known series or not', () => {
    let seed = 11;
    const rand = () => ((seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32);
    const first = decodeWriteRequest(body)[0]!;
    const known: KeyLookup<KnownKey> = (buf, start, end) => (buf.subarray(start, end).equals(keyOf(first)) ? { key: first.key, keyStart: first.keyStart, keyEnd: first.keyEnd, hash: first.hash, name: 'up' } : undefined);
    const seen = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const bad = Buffer.from(i % 2 ? body : proto);
      for (let k = 0; k <= i % 3; k++) bad[Math.floor(rand() * bad.length)] = Math.floor(rand() * 256);
      const o = outcome(i % 2 ? bad : snappy.compress(bad), i % 4 < 2 ? known : undefined);
      expect(o).toMatch(/^(read|refused)$/);
      seen.add(o);
    }
    expect([...seen].sort()).toEqual(['read', 'refused']);
  });
});
