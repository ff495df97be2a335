import protobuf from 'protobufjs';
import { SnappyError, uncompressedLength, uncompressInto } from './snappy-block';
import { BadTimestamp, readWriteRequest, WireError, type KeyLookup, type KnownKey, type WireSeries } from './write-request-wire';

/**
 * Prometheus remote write 1.0 (prompb/remote.proto, types.proto), declared by reflection for senders
 * (tests, benches). Bodies are read by write-request-wire.ts, which keeps the exact bits of each value:
 * Prometheus marks a series stale with one NaN bit pattern, and JS may not keep it through a double.
 */
function writeRequestType(): protobuf.Type {
  const root = new protobuf.Root();
  root.define('prometheus').add(
    new protobuf.Type('WriteRequest')
      .add(new protobuf.Field('timeseries', 1, 'TimeSeries', 'repeated'))
      .add(new protobuf.Field('metadata', 3, 'MetricMetadata', 'repeated')),
  );
  const ns = root.lookup('prometheus') as protobuf.Namespace;
  ns.add(
    new protobuf.Type('TimeSeries')
      .add(new protobuf.Field('labels', 1, 'Label', 'repeated'))
      .add(new protobuf.Field('samples', 2, 'Sample', 'repeated')),
  );
  ns.add(new protobuf.Type('Label').add(new protobuf.Field('name', 1, 'string')).add(new protobuf.Field('value', 2, 'string')));
  ns.add(new protobuf.Type('Sample').add(new protobuf.Field('value', 1, 'double')).add(new protobuf.Field('timestamp', 2, 'int64')));
  ns.add(
    new protobuf.Type('MetricMetadata')
      .add(new protobuf.Field('type', 1, 'int32'))
      .add(new protobuf.Field('metric_family_name', 2, 'string'))
      .add(new protobuf.Field('help', 4, 'string'))
      .add(new protobuf.Field('unit', 5, 'string')),
  );
  return root.lookupType('prometheus.WriteRequest');
}

/** The WriteRequest as senders (and tests) encode it: Sample.value a double. */
export const WRITE_REQUEST = writeRequestType();

export interface RemoteLabel {
  name: string;
  value: string;
}
/** One sample: epoch milliseconds and its value. */
export interface RemoteSample {
  ms: number;
  value: number;
}
/** One series of a WriteRequest, labels sorted by name, `__name__` among them. */
export interface RemoteSeries {
  labels: RemoteLabel[];
  samples: RemoteSample[];
  /** Its metric name, given when known without reading the labels. */
  name?: string;
}
/** Uncompressed size at most (a snappy body names its length first, so a bomb is refused before inflating). */
const MAX_DECODED_BYTES = 64 * 1024 * 1024;
/** Bodies up to this uncompressed size are inflated into one buffer kept for the next (decoding is synchronous). */
const KEPT_BUFFER_BYTES = 4 * 1024 * 1024;
let kept = Buffer.allocUnsafe(0);

/** A payload refused whole (400): nothing of it is stored. */
export class BadWriteRequest extends Error {}

const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;

/** Checks one series' labels as Prometheus's receiver does (sorted, unique, valid names, a metric name); answers the metric name. */
function checkedName(labels: RemoteLabel[], index: number): string {
  const where = `series ${index}`;
  let name: string | undefined;
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i]!;
    if (!LABEL_NAME.test(l.name)) throw new BadWriteRequest(`${where}: invalid label name ${JSON.stringify(l.name)}`);
    if (l.value === '') throw new BadWriteRequest(`${where}: label ${l.name} has an empty value`);
    const prev = labels[i - 1];
    if (prev && prev.name === l.name) throw new BadWriteRequest(`${where}: duplicate label name ${l.name}`);
    if (prev && prev.name > l.name) throw new BadWriteRequest(`${where}: labels out of order (${prev.name} before ${l.name}); they must be sorted by name`);
    if (l.name === '__name__') name = l.value;
  }
  if (name === undefined) throw new BadWriteRequest(`${where}: no metric name (label __name__)`);
  if (!METRIC_NAME.test(name)) throw new BadWriteRequest(`${where}: invalid metric name ${JSON.stringify(name)}`);
  return name;
}

/** Inflates a snappy block body (into the kept buffer when it fits). */
function inflate(body: Buffer): Buffer {
  try {
    const { length } = uncompressedLength(body);
    if (length > MAX_DECODED_BYTES) throw new SnappyError(`the uncompressed length of ${length} is too big, expect at most ${MAX_DECODED_BYTES}`);
    let out: Buffer;
    if (length > KEPT_BUFFER_BYTES) out = Buffer.allocUnsafe(length);
    else {
      if (kept.length < length) kept = Buffer.allocUnsafe(Math.min(KEPT_BUFFER_BYTES, Math.max(length, 2 * kept.length)));
      out = kept;
    }
    return out.subarray(0, uncompressInto(body, out));
  } catch (err) {
    if (err instanceof SnappyError) throw new BadWriteRequest(`the body is not snappy block-compressed: ${err.message}`);
    throw err;
  }
}

/**
 * Decodes a remote-write body (snappy block format, then protobuf WriteRequest) and checks it whole:
 * throws BadWriteRequest naming the first problem. Stale markers are dropped; other NaNs are values.
 * A series whose key (label fields as sent) `known` knows (a label set read and checked before; its
 * answer gives the metric name) is neither decoded nor checked again; its labels are read only if asked for.
 * Nothing answered refers to the body or to the inflated bytes.
 */
export function decodeWriteRequest<K extends KnownKey>(body: Uint8Array, known?: KeyLookup<K>): WireSeries<K>[] {
  const raw = inflate(Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  let series: WireSeries<K>[];
  try {
    series = readWriteRequest(raw, known).series;
  } catch (err) {
    if (err instanceof BadTimestamp) throw new BadWriteRequest(err.message);
    if (err instanceof WireError) throw new BadWriteRequest(`the body is not a protobuf WriteRequest: ${err.message}`);
    throw err;
  }
  for (let i = 0; i < series.length; i++) {
    const s = series[i]!;
    if (s.hit === undefined) s.name = checkedName(s.labels, i);
  }
  return series;
}
