/** Most alert ids the page filters by: a grouped message names at most 1,000 incidents. */
export const MAX_FILTERED_ALERTS = 1000;

/**
 * The alert ids of the Incidents page's `alerts` parameter (comma-separated, as a grouped e-mail's
 * "and N more" link writes it): positive integers, unique and sorted; anything else in the list is
 * left out. Null when it names no alert, which is no filter at all (an empty list would hide every
 * incident, and nobody asks for that).
 */
export function alertFilter(value: string | null): number[] | null {
  if (value === null) return null;
  const ids = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d{1,15}$/.test(s))
    .map(Number)
    .filter((n) => n > 0);
  const unique = [...new Set(ids)].sort((a, b) => a - b).slice(0, MAX_FILTERED_ALERTS);
  return unique.length > 0 ? unique : null;
}

/** The page's query string without the alert filter: where the chip's "clear" goes (range and view kept). */
export function withoutAlertFilter(params: URLSearchParams): string {
  const p = new URLSearchParams(params);
  p.delete('alerts');
  const s = p.toString();
  return s ? `?${s}` : '';
}
