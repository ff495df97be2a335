import type { AlertHistoryRepo } from '../repos/alert-histories';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgAlertHistories(_pg: Pg): AlertHistoryRepo {
  return notYet<AlertHistoryRepo>('alert-histories');
}
