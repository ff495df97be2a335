import type { Batch } from '../../../../shared/ingest';
import type { Db } from '../db';
import { sampleSink } from './sample-sink';
import { statsdSink } from './statsd-sink';
import { connectionSink } from './connection-sink';
import { logSink } from './log-sink';
import { polledSink } from './polled-sink';
import { transactionSink } from './transaction-sink';

/** Where a sink writes: the batch's tenant, server and minute, inside the ingest transaction. */
export interface SinkContext {
  db: Db;
  accountId: number;
  serverId: number;
  minute: number;
}

/** Stores one part of a batch. Runs synchronously inside the ingest transaction; a throw stores nothing. */
export type BatchSink = (ctx: SinkContext, batch: Batch) => void;

/** Every sink, in order. Add yours with a one-line edit; use stmt() from ./statements for cached SQL. */
export const SINKS: BatchSink[] = [
  sampleSink,
  statsdSink,
  logSink,
  polledSink,
  connectionSink,
  transactionSink,
];
