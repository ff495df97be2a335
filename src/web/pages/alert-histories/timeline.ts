/** An incident as the timeline needs it. */
export interface IncidentSpan {
  id: number;
  alert_id: number;
  start: number;
  end: number | null;
  subject: string;
}

/** A bar of the timeline: an incident's place in the window, in percent of its width. */
export interface TimelineBar {
  id: number;
  left: number;
  width: number;
  open: boolean;
  subject: string;
}

/** One row per alert, the alerts with the latest incident first. */
export interface TimelineRow {
  alertId: number;
  bars: TimelineBar[];
}

/**
 * Places incidents on a window [from, to]: an open incident runs to `now`; parts outside the window
 * are cut; each bar is at least `minWidth` percent wide so a one-minute incident in 30 days stays visible.
 */
export function toTimeline(incidents: readonly IncidentSpan[], w: { from: number; to: number }, now: number, minWidth = 0.4): TimelineRow[] {
  const span = Math.max(1, w.to - w.from);
  const rows = new Map<number, { latest: number; bars: TimelineBar[] }>();
  for (const h of incidents) {
    const end = h.end ?? now;
    if (end < w.from || h.start > w.to) continue;
    const a = Math.max(h.start, w.from);
    const b = Math.min(end, w.to);
    const left = ((a - w.from) / span) * 100;
    const width = Math.min(100 - left, Math.max(minWidth, ((b - a) / span) * 100));
    const row = rows.get(h.alert_id) ?? { latest: 0, bars: [] };
    row.latest = Math.max(row.latest, h.start);
    row.bars.push({ id: h.id, left, width, open: h.end === null, subject: h.subject });
    rows.set(h.alert_id, row);
  }
  return [...rows.entries()]
    .sort((x, y) => y[1].latest - x[1].latest || x[0] - y[0])
    .map(([alertId, r]) => ({ alertId, bars: r.bars.sort((p, q) => p.left - q.left) }));
}
