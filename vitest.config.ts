import { BaseSequencer, type TestSpecification } from 'vitest/node';
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

// The longest files, longest first (seconds on a 2-core machine: SQLite / PostgreSQL). They start before
// everything else, so neither worker is left running one of them alone at the end of a run. Vitest's own
// order puts the files that took longest last time first, but a fresh clone (CI) has no such record and
// its fallback, the larger files first, started these small files last.
const longest = [
  'src/server/cli/migrate-store.pg.test.ts', // - / 110-155
  'src/server/alerting/crash-escalation.test.ts', // 80 / 84
  'src/server/alerting/crash.test.ts', // 45 / 52
  'src/server/store/postgres/rolling-upgrade.pg.test.ts', // - / 40
  'src/server/alerting/replicas.pg.test.ts', // - / 35
  'src/server/alerting/crash-grouping.test.ts', // 25 / 25
  'src/server/demo/incidents-alerts.test.ts', // 20 / -
  'src/server/alerting/two-processes.test.ts', // 10 / 20
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = longest.findIndex((l) => f.moduleId.endsWith(`/${l}`));
      return i < 0 ? longest.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b)); // stable: the rest keep vitest's order
  }
}

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
    sequence: { sequencer: LongestFirst },
    // Each worker keeps its modules from one file to the next (a third of a run was importing them
    // again per file): a test leaves no state behind it (mocks, spies, timers, globals, open servers).
    isolate: false,
  },
});
