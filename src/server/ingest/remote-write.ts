import protobuf from 'protobufjs';
import snappy from 'snappyjs';
import { readWriteRequest, WireError, type LabelBytes, type WireSeries } from './write-request-wire';

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
  /** Its label fields as sent (write-request-wire.ts), when read from a remote-write body. */
  bytes?: LabelBytes;
  /** Its metric name, given when known without reading the labels. */
  name?: string;
}

/** Uncompressed size at most (a snappy body names its length first, so a bomb is refused before inflating). */
const MAX_DECODED_BYTES = 64 * 1024 * 1024;

/** A payload refused whole (400): nothing of it is stored. */
export class BadWriteRequest extends Error {}

const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
/** Prometheus's staleness marker (value.StaleNaN): skipped, as Prometheus's own receiver skips it. */
const STALE_HIGH = 0x7ff00000;
const STALE_LOW = 0x00000002;

/** Checks one series' labels as Prometheus's receiver does: sorted, unique, valid names, a metric name. */
function checkedLabels(labels: RemoteLabel[], index: number): RemoteLabel[] {
  const where = `series ${index}`;
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i]!;
    if (!LABEL_NAME.test(l.name)) throw new BadWriteRequest(`${where}: invalid label name ${JSON.stringify(l.name)}`);
    if (l.value === '') throw new BadWriteRequest(`${where}: label ${l.name} has an empty value`);
    const prev = labels[i - 1];
    if (prev && prev.name === l.name) throw new BadWriteRequest(`${where}: duplicate label name ${l.name}`);
    if (prev && prev.name > l.name) throw new BadWriteRequest(`${where}: labels out of order (${prev.name} before ${l.name}); they must be sorted by name`);
  }
  const name = labels.find((l) => l.name === '__name__');
  if (!name) throw new BadWriteRequest(`${where}: no metric name (label __name__)`);
  if (!METRIC_NAME.test(name.value)) throw new BadWriteRequest(`${where}: invalid metric name ${JSON.stringify(name.value)}`);
  return labels;
}

/**
 * Decodes a remote-write body (snappy block format, then protobuf WriteRequest) and checks it whole:
 * throws BadWriteRequest naming the first problem. Stale markers are dropped; other NaNs are values.
 * A series whose label bytes `known` knows (a label set read and checked before: it answers the metric name)
 * is neither decoded nor checked again; its labels are read only if asked for.
 */
export function decodeWriteRequest(body: Uint8Array, known?: (bytes: LabelBytes) => string | undefined): RemoteSeries[] {
  let raw: Uint8Array;
  try {
    raw = snappy.uncompress(body, MAX_DECODED_BYTES);
  } catch (err) {
    throw new BadWriteRequest(`the body is not snappy block-compressed: ${(err as Error).message}`);
  }
  let msg: WireSeries[];
  try {
    msg = readWriteRequest(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), known);
  } catch (err) {
    if (err instanceof WireError) throw new BadWriteRequest(`the body is not a protobuf WriteRequest: ${err.message}`);
    throw err;
  }
  return msg.map((ts, i) => {
    let samples: RemoteSample[] = ts.samples;
    for (let k = 0; k < ts.samples.length; k++) {
      const s = ts.samples[k]!;
      if (!Number.isSafeInteger(s.ms) || s.ms < 0) throw new BadWriteRequest(`series ${i}: bad sample timestamp ${s.ms}`);
      // Read samples serve as they are (ms and value), but for stale markers.
      if (s.high === STALE_HIGH && s.low === STALE_LOW) {
        if (samples === ts.samples) samples = ts.samples.slice(0, k);
      } else if (samples !== ts.samples) samples.push(s);
    }
    if (ts.labels !== null) return { labels: checkedLabels(ts.labels, i), samples, bytes: ts.bytes };
    return new KnownSeries(ts.bytes, ts.name!, samples);
  });
}

/** A series whose label bytes were known: its labels are decoded only if asked for. */
class KnownSeries implements RemoteSeries {
  private decoded: RemoteLabel[] | undefined;
  constructor(
    readonly bytes: LabelBytes,
    readonly name: string,
    readonly samples: RemoteSample[],
  ) {}
  get labels(): RemoteLabel[] {
    return (this.decoded ??= this.bytes.labels());
  }
}
