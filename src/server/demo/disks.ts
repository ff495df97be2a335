import type { DemoServer, Fleet } from './fleet';
import { activeIncident } from './incidents';
import { hash, noise } from './prng';

/** The mount that fills up during the disk incident: the server's data disk (its last mount). */
export function dataMount(s: DemoServer): string {
  const mounts = Object.keys(s.disks);
  return mounts[mounts.length - 1]!;
}

/** Used percent of a mount at a minute: a stable base that creeps up, and the disk_fill incident. */
export function diskUsedPercent(fleet: Fleet, s: DemoServer, mount: string, minute: number): number {
  const seed = fleet.seed;
  const mi = Object.keys(s.disks).indexOf(mount);
  const base = 22 + (hash(seed, s.index, mi, 51) % 38);
  // Logs and data grow during the day and are trimmed at night.
  const creep = 3 * (((minute % 86_400) + 86_400) % 86_400) / 86_400;
  let used = base + creep + 0.05 * noise(seed, s.index, mi, minute);
  const fill = mount === dataMount(s) ? activeIncident(fleet, 'disk_fill', s, minute) : null;
  if (fill) used += (97 - used) * fill.progress ** 1.3;
  return Math.round(Math.min(99.9, Math.max(1, used)) * 100) / 100;
}
