import type { Page, PagingQuery } from '../../../shared/paging';
import type { BucketType, StatsdSample } from '../../../shared/statsd';
import type { SeriesWindow } from '../../../shared/timeseries';

/** A stored bucket; times are epoch seconds. */
export interface BucketRecord {
  id: number;
  name: string;
  type: BucketType;
  create_time: number;
  last_updated: number;
}

export interface BucketPointRecord {
  time: number;
  value: number;
  count: number;
  min?: number;
  max?: number;
}

export interface BucketRepo {
  list(accountId: number, paging: PagingQuery): Promise<Page<BucketRecord>>;
  get(accountId: number, id: number): Promise<BucketRecord | null>;
  /** Deletes the bucket and its data; false when the account has no such bucket. */
  delete(accountId: number, id: number): Promise<boolean>;
  deleteByName(accountId: number, name: string): Promise<boolean>;
  /** Records samples of one minute in one transaction; `at` is the time stamped on the buckets. */
  record(accountId: number, minute: number, samples: readonly StatsdSample[], at: number): Promise<void>;
  /** The time of the bucket's most recent minute, null without data. */
  latest(accountId: number, bucketId: number): Promise<number | null>;
  /** The bucket's points within the window, most recent first. */
  data(accountId: number, bucket: BucketRecord, window: SeriesWindow, paging: PagingQuery): Promise<Page<BucketPointRecord>>;
}
