import type { LogRepo } from '../repos/logs';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgLogs(_pg: Pg): LogRepo {
  return notYet<LogRepo>('logs');
}
