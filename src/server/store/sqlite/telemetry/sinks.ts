import { sampleSink } from './sample-sink';
import { statsdSink } from './statsd-sink';
import { connectionSink } from './connection-sink';
import { logSink } from './log-sink';
import { polledSink } from './polled-sink';
import { transactionSink } from './transaction-sink';
import type { BatchSink } from './sink';

/** Every sink, in order. Add yours with a one-line edit; use stmt() from ./statements for cached SQL. */
export const SINKS: BatchSink[] = [
  sampleSink,
  statsdSink,
  logSink,
  polledSink,
  connectionSink,
  transactionSink,
];
