import type { AlertRepo } from '../repos/alerts';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgAlerts(_pg: Pg): AlertRepo {
  return notYet<AlertRepo>('alerts');
}
