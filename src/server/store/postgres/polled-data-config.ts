import type { PolledDataConfigRepo } from '../repos/polled-data-config';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgPolledDataConfig(_pg: Pg): PolledDataConfigRepo {
  return notYet<PolledDataConfigRepo>('polled-data-config');
}
