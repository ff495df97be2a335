/** A shaded span of a chart (a maintenance window). */
export interface Band {
  from: number;
  to: number;
  label: string;
}
/** A point in time marked on a chart (an incident start). */
export interface Marker {
  time: number;
  label: string;
}

/** Bands that overlap the window, clipped to it; `serverId` limits them to windows covering that server (or any of those servers). */
export function bandsIn(
  windows: readonly { start: number; end: number; reason?: string; servers: number[] }[],
  w: { from: number; to: number },
  serverId?: number | readonly number[],
): Band[] {
  const ids = serverId === undefined ? null : typeof serverId === 'number' ? [serverId] : serverId;
  return windows
    .filter((m) => m.end >= w.from && m.start <= w.to && (ids === null || ids.some((id) => m.servers.includes(id))))
    .map((m) => ({ from: Math.max(m.start, w.from), to: Math.min(m.end, w.to), label: m.reason || 'Maintenance' }));
}

/** Markers at the start of incidents inside the window, for the given alert ids (all when omitted). */
export function markersIn(
  histories: readonly { start: number; alert_id: number; subject?: string }[],
  w: { from: number; to: number },
  alertIds?: ReadonlySet<number>,
): Marker[] {
  return histories
    .filter((h) => h.start >= w.from && h.start <= w.to + 59 && (!alertIds || alertIds.has(h.alert_id)))
    .map((h) => ({ time: h.start, label: h.subject || `Alert #${h.alert_id}` }));
}

/** About `n` evenly spaced ticks over the range, on whole minutes, so the axis spans the range and not only the data. */
export function timeTicks(range: { from: number; to: number }, n = 6): number[] {
  const span = range.to - range.from;
  if (span <= 0) return [range.from];
  const step = Math.max(60, Math.round(span / n / 60) * 60);
  const out: number[] = [];
  for (let t = Math.ceil(range.from / step) * step; t <= range.to; t += step) out.push(t);
  return out;
}

/** The y domain of a percentage chart: 0-100, widened only if values exceed it. */
export function percentDomain(max: number): [number, number] {
  return [0, Math.max(100, Math.ceil(max))];
}
