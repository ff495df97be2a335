/** What a server owns that alerts can target: itself, its tags, its logs and its polled checks. */
export interface ServerTargets {
  serverId: number;
  tagIds: readonly number[];
  logIds: readonly number[];
  polledIds: readonly number[];
}

/**
 * The alerts that concern a server: Server alerts on it, Process alerts on one of its processes (a
 * uid starts with the server id), Server Tag alerts on one of its tags, Log and Polled Data alerts on
 * its logs and checks. Application alerts span servers and are left to the application's page.
 */
export function alertsOfServer(alerts: readonly { id: number; type: string; target_id: string | number }[], t: ServerTargets): { id: number }[] {
  const tags = new Set(t.tagIds.map(String));
  const logs = new Set(t.logIds.map(String));
  const polled = new Set(t.polledIds.map(String));
  const me = String(t.serverId);
  return alerts.filter((a) => {
    const target = String(a.target_id);
    switch (a.type) {
      case 'Server':
        return target === me;
      case 'Process':
        return target.split('_')[0] === me;
      case 'Server Tag':
        return tags.has(target);
      case 'Log':
        return logs.has(target);
      case 'Polled Data':
        return polled.has(target);
      default:
        return false;
    }
  });
}

/**
 * The incidents under way during the minute starting at `t`: begun before the minute ended (a start
 * at t+30 was true during it) and not ended by its first second (`end` is the first moment it was over).
 */
export function openDuring<H extends { start: number; end: number | null }>(histories: readonly H[], t: number): H[] {
  return histories.filter((h) => h.start < t + 60 && (h.end === null || h.end > t)).sort((a, b) => a.start - b.start);
}
