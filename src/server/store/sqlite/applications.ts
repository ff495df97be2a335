import type { ApplicationRepo } from '../repos/applications';
import type { Db } from './db';

export function sqliteApplications(_db: Db): ApplicationRepo {
  return {};
}
