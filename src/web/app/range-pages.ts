/**
 * The pages that read the global range (their charts, messages, incidents or graph follow it). The
 * range and refresh controls show only there: on the fleet overview (latest figures) and on the
 * configuration pages they would do nothing.
 */
const RANGE_PAGES: readonly RegExp[] = [
  /^\/servers\/[^/]+$/,
  /^\/processes\/[^/]+$/,
  /^\/applications\/[^/]+$/,
  /^\/logs\/[^/]+$/,
  /^\/log-search$/,
  /^\/polled-data\/[^/]+$/,
  /^\/buckets\/[^/]+$/,
  /^\/incidents$/,
  /^\/transactions\/[^/]+$/,
  /^\/topology$/,
  /^\/correlate$/,
];

/** Whether the page at `pathname` follows the global range (a trailing slash is ignored). */
export function rangeApplies(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return RANGE_PAGES.some((r) => r.test(p));
}
