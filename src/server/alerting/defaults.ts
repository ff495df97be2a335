import { alertCreate } from '../../shared/alerts';
import { createAlert } from '../services/alerts';
import type { Store } from '../store/store';

/** The alerts every newly registered server gets (issue: memory 90%, CPU 75%, disk 90%, server down). */
const DEFAULTS = [
  { name: 'Memory over 90%', trigger_type: 'Memory', threshold: 90, time_above_threshold: 5 },
  { name: 'CPU over 75%', trigger_type: 'CPU', threshold: 75, time_above_threshold: 5 },
  { name: 'Disk over 90%', trigger_type: 'Disk', threshold: 90, time_above_threshold: 1 },
  { name: 'Server down', trigger_type: 'Server Down', time_above_threshold: 2 },
];

/** Creates the default alerts of a server through the same service as POST /alerts, notifying the owner. */
export async function createDefaultAlerts(store: Store, accountId: number, serverId: number, ownerId: number, now: number): Promise<number> {
  for (const d of DEFAULTS) {
    const input = alertCreate.parse({ ...d, type: 'Server', target_id: String(serverId), users: JSON.stringify([ownerId]) });
    await createAlert(store, accountId, input, now);
  }
  return DEFAULTS.length;
}
