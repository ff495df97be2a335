import type { MaintenanceWindow } from '../../../shared/maintenance-windows';
import { formatUtcSeconds } from '../../../shared/utc-time';
import type { MaintenanceWindowFormInput } from '../../api/maintenance-windows';

/** `yyyy-mm-dd hh:mm` UTC of epoch seconds, as the form takes it. */
export const utcMinute = (t: number) => formatUtcSeconds(t).slice(0, 16);

/** The form's values for a window, or for a new one: the next whole hour, an hour long. */
export function windowFormOf(w: MaintenanceWindow | undefined, nowMs: number): MaintenanceWindowFormInput {
  if (w) return { start: utcMinute(w.start), end: utcMinute(w.end), reason: w.reason, servers: w.servers };
  const next = Math.ceil(nowMs / 3_600_000) * 3600;
  return { start: utcMinute(next), end: utcMinute(next + 3600), reason: '', servers: [] };
}

/** What is sent: the times without the blanks typed around them. */
export const windowInput = (v: MaintenanceWindowFormInput): MaintenanceWindowFormInput => ({ ...v, start: v.start.trim(), end: v.end.trim() });

/** Where a window stands: ended, in progress, or yet to start. */
export const windowState = (w: Pick<MaintenanceWindow, 'started' | 'ended'>) => (w.ended ? 'Ended' : w.started ? 'In progress' : 'Scheduled');
