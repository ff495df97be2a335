import type { TraceRepo } from '../repos/traces';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgTraces(_pg: Pg): TraceRepo {
  return notYet<TraceRepo>('traces');
}
