import type { PolledDataRepo } from '../repos/polled-data';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgPolledData(_pg: Pg): PolledDataRepo {
  return notYet<PolledDataRepo>('polled-data');
}
