import type { BucketRepo } from '../repos/buckets';
import type { Db } from './db';

export function sqliteBuckets(_db: Db): BucketRepo {
  return {};
}
