import { sampleSink } from './sample-sink';
import { statsdSink } from './statsd-sink';
import { eventsSink } from './events';
import type { BatchSink } from './sink';

/** Every sink, in order (the SQLite store's SINKS). Add yours with a one-line edit. */
export const SINKS: BatchSink[] = [sampleSink, statsdSink, eventsSink];
