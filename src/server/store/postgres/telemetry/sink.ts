import type { Batch } from '../../../../shared/ingest';
import type { PartitionedTable } from '../partitions';
import type { Pg, Tx } from '../db';

/** Where a sink writes: the batch's tenant, server and minute, inside the ingest transaction. */
export interface SinkContext {
  /** The pool (owner of per-pool caches); write with `tx` only. */
  pg: Pg;
  tx: Tx;
  accountId: number;
  serverId: number;
  minute: number;
}

/**
 * Stores one part of a batch inside the ingest transaction (a throw stores nothing). `tables` are the
 * time-partitioned tables it writes, whose day partitions ingest makes sure of before the transaction.
 */
export interface BatchSink {
  tables: readonly PartitionedTable[];
  /** The times (epoch seconds) of the rows it writes for the batch. */
  times(batch: Batch): number[];
  store(ctx: SinkContext, batch: Batch): Promise<void>;
}
