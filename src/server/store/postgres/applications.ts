import type { ApplicationRepo } from '../repos/applications';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgApplications(_pg: Pg): ApplicationRepo {
  return notYet<ApplicationRepo>('applications');
}
