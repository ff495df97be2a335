import type { BucketRepo } from '../repos/buckets';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgBuckets(_pg: Pg): BucketRepo {
  return notYet<BucketRepo>('buckets');
}
