/**
 * IANA time zones through Intl only (no zone database of our own): validation, the UTC offset of an
 * instant, and local wall time to instant. A "wall" time is written as epoch seconds whose UTC fields
 * are the local fields (2026-03-29 02:30 in Berlin is the wall value of 2026-03-29T02:30Z).
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, f);
  }
  return f;
}

/** The zone's canonical name (as Intl spells it), or null when Intl does not know the zone. */
export function canonicalZone(name: string): string | null {
  if (!name || name.length > 64) return null;
  try {
    return formatOf(name).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const offsets = new Map<string, number>();

/**
 * The zone's UTC offset at an instant, in seconds (Berlin in summer: 7200). Offsets change only on
 * quarter hours, so they are remembered per zone and quarter hour (Intl is slow to ask).
 */
export function zoneOffset(epoch: number, zone: string): number {
  const key = `${zone}|${Math.floor(epoch / 900)}`;
  let o = offsets.get(key);
  if (o === undefined) {
    if (offsets.size >= 20_000) offsets.clear();
    o = askOffset(Math.floor(epoch / 900) * 900, zone);
    offsets.set(key, o);
  }
  return o;
}

function askOffset(epoch: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatOf(zone).formatToParts(new Date(epoch * 1000))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) / 1000;
  return wall - Math.floor(epoch);
}

/** The local wall time of an instant in the zone. */
export const epochToWall = (epoch: number, zone: string): number => epoch + zoneOffset(epoch, zone);

/**
 * The instant of a local wall time, as RFC 5545 reads DATE-TIME with TZID: a time that occurs twice
 * (clocks turned back) is its first occurrence; a time skipped (clocks turned forward) is read with
 * the offset before the gap, so 02:30 on the spring-forward night in Berlin is 03:30 summer time.
 */
export function wallToEpoch(wall: number, zone: string): number {
  // Offsets a day either side bracket any single transition near this time.
  const before = zoneOffset(wall - 86_400, zone);
  const after = zoneOffset(wall + 86_400, zone);
  const fits = [before, after].filter((o) => zoneOffset(wall - o, zone) === o);
  if (fits.length === 0) return wall - before;
  return wall - Math.max(...fits);
}
