// Conversions between the API's UTC minutes ("yyyy-mm-dd hh:mm") and the wall-clock time of a time
// zone as a datetime-local input holds it ("yyyy-mm-ddThh:mm"). The zone is a parameter (the
// browser's by default) so that every zone, DST change and odd offset can be tested anywhere.

const UTC_MINUTE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/;

/** The browser's IANA time zone (e.g. "Europe/Berlin"). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const formats = new Map<string, Intl.DateTimeFormat>();
function wallParts(ms: number, timeZone: string): number[] {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    formats.set(timeZone, f);
  }
  const get = (type: string) => Number(f.formatToParts(new Date(ms)).find((p) => p.type === type)?.value);
  return [get('year'), get('month'), get('day'), get('hour'), get('minute')];
}

/** Minutes the zone is ahead of UTC at instant `ms` (+60 for Berlin in winter, -240 for New York in summer). */
export function zoneOffsetMinutes(ms: number, timeZone: string): number {
  const [y, mo, d, h, mi] = wallParts(ms, timeZone) as [number, number, number, number, number];
  return Math.round((Date.UTC(y, mo - 1, d, h, mi) - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');
const wall = (ms: number, sep: string) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}${sep}${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};
function parseMinute(text: string): number | null {
  const m = UTC_MINUTE.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi);
  // Date.UTC rolls 2030-02-30 over into March: such a date is not a date.
  return wall(ms, ' ') === `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}` ? ms : null;
}

/** A UTC minute as the zone's wall-clock time for a datetime-local input; null when not a valid minute. */
export function utcToZoned(utc: string, timeZone = browserTimeZone()): string | null {
  const ms = parseMinute(utc);
  return ms === null ? null : wall(ms + zoneOffsetMinutes(ms, timeZone) * 60_000, 'T');
}

/**
 * The zone's wall-clock time as a UTC minute; null when not a valid minute. A time the clocks skip
 * (02:30 on a spring-forward night) is read with the offset before the change, which lands it just
 * after the gap, as the browser's own Date would; a repeated time (autumn) is its first occurrence.
 */
export function zonedToUtc(local: string, timeZone = browserTimeZone()): string | null {
  const asUtc = parseMinute(local);
  if (asUtc === null) return null;
  // Offsets an hour either side cover every DST change; the earlier instant wins for a repeated time.
  const before = zoneOffsetMinutes(asUtc - 86_400_000, timeZone);
  const after = zoneOffsetMinutes(asUtc + 86_400_000, timeZone);
  for (const off of [before, after]) {
    const ms = asUtc - off * 60_000;
    if (zoneOffsetMinutes(ms, timeZone) === off) return wall(ms, ' ');
  }
  return wall(asUtc - before * 60_000, ' ');
}

/** "UTC+05:30" of an offset in minutes. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const a = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}
