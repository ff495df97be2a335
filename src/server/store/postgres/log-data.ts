import type { LogDataRepo } from '../repos/log-data';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgLogData(_pg: Pg): LogDataRepo {
  return notYet<LogDataRepo>('log-data');
}
