/** The process's name as its data records carry it, when the range holds any (a page title, never the pid alone). */
export function processName(records: readonly Record<string, unknown>[] | undefined): string | undefined {
  const r = records?.find((x) => typeof x.name === 'string' && x.name);
  return r ? String(r.name) : undefined;
}
