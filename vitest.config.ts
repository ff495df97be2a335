import { defineConfig } from 'vitest/config';

// One suite, two stores: `vitest run` runs everything on SQLite; `STORE=postgres vitest run` runs the
// service's suite again on PostgreSQL, plus the tests that only mean something there (*.pg.test.ts:
// catalogue, partitions, replicas). What cannot depend on the store (the dashboard's unit tests, the
// SQLite backend's own tests) runs once, in the SQLite run.
const postgres = process.env.STORE === 'postgres';

export default defineConfig({
  test: {
    include: postgres ? ['src/server/**/*.test.ts', 'bench/**/*.test.ts'] : ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
    exclude: postgres ? ['**/node_modules/**', 'src/server/store/sqlite/**'] : ['**/node_modules/**', '**/*.pg.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['src/server/testing/global-setup.ts'],
    maxWorkers: 2,
  },
});
