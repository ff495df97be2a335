/**
 * Node's flags for bench/serve.ts, as `npm start` runs the service: `--no-memory-reducer` keeps V8
 * from shrinking the heap whenever the process idles, and a young generation of a fixed 32 MB keeps it
 * from shrinking that part; either made the next burst of ingest (collectors upload on the minute) cost
 * up to 70% (the heap) and 3x (the young generation) more CPU (docs/operations.md).
 */
export const SERVE_EXEC_ARGV = ['--import', 'tsx', '--no-memory-reducer', '--min-semi-space-size=32', '--max-semi-space-size=32'];

/** The SQLite settings of the environment, as `npm start` takes them (SQLITE_WAL_CAP_MB, SQLITE_CACHE_MB). */
export function sqliteSettings(env = process.env): { walCapBytes?: number; cacheBytes?: number } {
  const mb = (v: string | undefined) => (v === undefined ? undefined : Math.round(Number(v) * 1048576));
  return { walCapBytes: mb(env.SQLITE_WAL_CAP_MB), cacheBytes: mb(env.SQLITE_CACHE_MB) };
}
