/** The range pages open at from an incident: an hour either side of its minute, cut at now. */
export interface IncidentView {
  /** The minute to show processes, files and threads of (epoch seconds, whole minute). */
  minute: number;
  from: number;
  to: number;
}

/**
 * The minute that tells what was going on: the incident's start minute, except for Process
 * Termination, whose start is the first minute without the process, so the minute before it (the
 * last one it ran) says what it was doing.
 */
export function incidentView(start: number, triggerType: string | undefined, now: number, span = 3600): IncidentView {
  const startMinute = Math.floor(start / 60) * 60;
  const minute = triggerType === 'Process Termination' ? startMinute - 60 : startMinute;
  const to = Math.max(minute + 60, Math.min(startMinute + span, Math.floor(now / 60) * 60));
  return { minute, from: minute - span, to };
}

/** The query of a link at that view: the absolute range and, unless left out, the minute (`at`). */
export function viewSearch(v: IncidentView, withMinute = true): string {
  const p = new URLSearchParams({ from: String(v.from), to: String(v.to) });
  if (withMinute) p.set('at', String(v.minute));
  return p.toString();
}

/** A few minutes either side of the minute, for the log messages then. */
export function logSearch(v: IncidentView, minutes = 5): string {
  return new URLSearchParams({ from: String(v.minute - minutes * 60), to: String(v.minute + (minutes + 1) * 60) }).toString();
}
