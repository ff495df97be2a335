import type { Batch } from '../../../../shared/ingest';
import type { Db } from '../db';

/** Where a sink writes: the batch's tenant, server and minute, inside the ingest transaction. */
export interface SinkContext {
  db: Db;
  accountId: number;
  serverId: number;
  minute: number;
}

/** Stores one part of a batch. Runs synchronously inside the ingest transaction; a throw stores nothing. */
export type BatchSink = (ctx: SinkContext, batch: Batch) => void;
