import { recordStatsd } from '../buckets';
import type { BatchSink } from './sinks';

/** The batch's StatsD flushes into the account's buckets, for the batch's minute. */
export const statsdSink: BatchSink = (ctx, b) => {
  if (b.statsd.length) recordStatsd(ctx.db, ctx.accountId, ctx.minute, b.statsd);
};
