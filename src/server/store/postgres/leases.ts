import type { LeaseRepo } from '../repos/leases';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgLeases(_pg: Pg): LeaseRepo {
  return notYet<LeaseRepo>('leases');
}
