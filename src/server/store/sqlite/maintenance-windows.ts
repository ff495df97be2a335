import type { MaintenanceWindowRepo } from '../repos/maintenance-windows';
import type { Db } from './db';

export function sqliteMaintenanceWindows(_db: Db): MaintenanceWindowRepo {
  return {};
}
