/** Formatting of values for people; all times are shown in UTC, like the API's maintenance windows. */

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** Bytes in binary units: 1536 -> "1.5 KB". */
export function formatBytes(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '–';
  let v = Math.abs(n);
  let i = 0;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return `${n < 0 ? '-' : ''}${v >= 100 || i === 0 ? Math.round(v) : v.toFixed(1)} ${UNITS[i]}`;
}

/** A percentage with one decimal below 10. */
export function formatPercent(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '–';
  return `${n < 10 ? n.toFixed(1) : Math.round(n)}%`;
}

/** A compact number: 1234567 -> "1.2M". */
export function formatNumber(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '–';
  const a = Math.abs(n);
  if (a >= 1e9) return `${(n / 1e9).toFixed(1)}G`;
  if (a >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (a >= 1e4) return `${(n / 1e3).toFixed(1)}k`;
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

/** Epoch seconds as "2024-05-01 13:05" UTC. */
export function formatTime(t: number): string {
  return new Date(t * 1000).toISOString().slice(0, 16).replace('T', ' ');
}

/** Epoch seconds as `YYYY-MM-DD HH:MM:SS` (UTC): message times, to the second. */
export function formatSecond(t: number): string {
  return new Date(t * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** A tick label whose precision follows the span shown: times within a day, dates beyond. */
export function tickFormatter(spanSeconds: number): (t: number) => string {
  const iso = (t: number) => new Date(t * 1000).toISOString();
  if (spanSeconds <= 86400) return (t) => iso(t).slice(11, 16);
  if (spanSeconds <= 7 * 86400) return (t) => `${iso(t).slice(5, 10)} ${iso(t).slice(11, 13)}h`;
  return (t) => iso(t).slice(5, 10);
}

/** Epoch seconds to the value of a datetime-local input, read as UTC. */
export function toInputValue(t: number): string {
  return new Date(t * 1000).toISOString().slice(0, 16);
}

/** A datetime-local input value read as UTC, or null when incomplete. */
export function fromInputValue(v: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v)) return null;
  const ms = Date.parse(`${v.slice(0, 16)}:00Z`);
  return Number.isFinite(ms) ? ms / 1000 : null;
}
