/**
 * Node's flags for bench/serve.ts, as `npm start` runs the service: `--no-memory-reducer` keeps V8
 * from shrinking the heap whenever the process idles, which made the next burst of ingest (collectors
 * upload on the minute) cost up to 70% more CPU (docs/operations.md).
 */
export const SERVE_EXEC_ARGV = ['--import', 'tsx', '--no-memory-reducer'];
