import { BUCKET_TABLES, recordStatsd } from '../buckets';
import type { BatchSink } from './sink';

/**
 * The batch's StatsD flushes into the account's buckets, for the batch's minute. A set's flush (its
 * distinct member count) is kept as a gauge: the spec's bucket types are time, counter and gauge.
 */
export const statsdSink: BatchSink = {
  tables: BUCKET_TABLES,
  times: (b) => (b.statsd.length === 0 ? [] : [b.minute]),
  async store(ctx, b) {
    if (b.statsd.length === 0) return;
    const samples = b.statsd.map((f) => (f.type === 'set' ? { ...f, type: 'gauge' as const } : { ...f, type: f.type }));
    await recordStatsd(ctx.tx, ctx.accountId, ctx.minute, samples);
  },
};
