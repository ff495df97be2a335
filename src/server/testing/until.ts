/** Options of `until`: how long to wait, how often to look, and what is awaited (for the error). */
export interface UntilOptions {
  ms?: number;
  every?: number;
  what?: string;
}

type Ready<T> = Exclude<T, false | null | undefined>;

/**
 * Waits for an event rather than for a time: calls `probe` until it answers something other than
 * false, null or undefined, and returns that answer. Fails after `ms` (15 s by default, well inside
 * the tests' 30 s) naming what it waited for, the probe's source unless `what` is given.
 */
export async function until<T>(probe: () => T | Promise<T>, opts: UntilOptions | number = {}): Promise<Ready<T>> {
  const { ms = 15_000, every = 20, what } = typeof opts === 'number' ? { ms: opts } : opts;
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== false && v !== null && v !== undefined) return v as Ready<T>;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what ?? String(probe).replace(/\s+/g, ' ')}`);
    await new Promise((r) => setTimeout(r, every));
  }
}
