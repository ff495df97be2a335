import { defineConfig } from 'vitest/config';

// One suite, two stores: `vitest run` runs everything on SQLite; `STORE=postgres vitest run` runs the
// service's suite again on PostgreSQL, plus the tests that only mean something there (*.pg.test.ts:
// catalogue, partitions, replicas). What cannot depend on the store (the dashboard's unit tests, the
// SQLite backend's own tests) runs once, in the SQLite run.
const postgres = process.env.STORE === 'postgres';
// TEST_SCOPE=quick (npm run test:quick): the SQLite run without what starts processes or runs peers:
// crash tests, service processes, the collector's Nagios, syslog and upload tests, the demo's fleet,
// Prometheus, node_exporter.
const quick = process.env.TEST_SCOPE === 'quick';
const slow = [
  'src/server/alerting/{crash,crash-rounds,crash-grouping,crash-escalation,two-processes,callbacks-service,prometheus-peer}.test.ts',
  'src/server/store/sqlite/{backup-cli,wal}.test.ts',
  'src/server/routes/{promql,remote-write}-peer.test.ts',
  'src/server/routes/remote-write-crash.test.ts',
  'src/server/http/metrics-peer.test.ts',
  'src/server/collector/{agent,nagios,syslog,uploader}.test.ts',
  'src/server/ingest/{node-exporter,remote-node}-peer.test.ts',
  'src/server/demo/**',
  'bench/**',
];

export default defineConfig({
  test: {
    include: postgres ? ['src/server/**/*.test.ts', 'bench/**/*.test.ts'] : ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
    exclude: postgres
      ? ['**/node_modules/**', 'src/server/store/sqlite/**']
      : ['**/node_modules/**', '**/*.pg.test.ts', ...(quick ? slow : [])],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['src/server/testing/global-setup.ts'],
    maxWorkers: 2,
    // The quick run reuses each worker's modules across files (most of its time was importing them
    // again per file); the full runs keep every file in a fresh module graph.
    isolate: !quick,
  },
});
