import type { MaintenanceWindowRepo } from '../repos/maintenance-windows';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgMaintenanceWindows(_pg: Pg): MaintenanceWindowRepo {
  return notYet<MaintenanceWindowRepo>('maintenance-windows');
}
