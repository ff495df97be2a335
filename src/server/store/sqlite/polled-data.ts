import type { PolledDataRepo } from '../repos/polled-data';
import type { Db } from './db';

export function sqlitePolledData(_db: Db): PolledDataRepo {
  return {};
}
