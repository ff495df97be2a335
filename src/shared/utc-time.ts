/**
 * The text times of maintenance windows: input as `yyyy-mm-dd hh:mm` (UTC, 24-hour), output of
 * create/update as `yyyy-mm-dd hh:mm:ss`. Strict: impossible dates (2026-02-30) are refused rather
 * than rolled over into the next month as Date.UTC would do.
 */

const MINUTE_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

/** Epoch seconds of a `yyyy-mm-dd hh:mm` UTC text, or null when the text is not such a time. */
export function parseUtcMinute(text: string): number | null {
  const m = MINUTE_RE.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59) return null;
  const ms = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(ms);
  // Date.UTC maps years 0-99 to 1900-1999 and rolls day overflow forward; both show up here.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms / 1000;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `yyyy-mm-dd hh:mm:ss` of epoch seconds, in UTC. */
export function formatUtcSeconds(epoch: number): string {
  const d = new Date(epoch * 1000);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}
