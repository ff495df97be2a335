import type { AlertEngineRepo } from '../repos/alert-engine';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgAlertEngine(_pg: Pg): AlertEngineRepo {
  return notYet<AlertEngineRepo>('alert-engine');
}
