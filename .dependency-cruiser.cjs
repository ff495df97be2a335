// Which way imports may point (docs: STYLE.md "House rules a machine checks"). Each rule's name is what
// a violation prints, and its comment says the rule in words. Arrows point inward: shared is the middle,
// server and web consume it; inside the server, store is below services and alerting, which are below
// http and routes.

/** Test code: test files, the server's fixtures, and the test-only store switch. */
const TEST_CODE = '(\\.test\\.tsx?$|^src/server/testing/|^src/server/store/test-store\\.ts$)';
/** Who may import test code: tests themselves, fixtures, benchmarks and end-to-end specs. */
const TEST_USERS = '(\\.test\\.tsx?$|\\.spec\\.ts$|^src/server/testing/|^src/server/store/test-store\\.ts$|^bench/|^e2e/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-imports-nothing-of-ours',
      comment: 'src/shared is the API contract: it imports only itself and npm packages, never server/ or web/.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^(src/(server|web)/|bench/|e2e/)' },
    },
    {
      name: 'server-does-not-import-web',
      comment: 'The server and the dashboard meet only in src/shared: server code never imports src/web.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'web-does-not-import-server',
      comment: 'The server and the dashboard meet only in src/shared: dashboard code never imports src/server.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'store-does-not-import-upper-layers',
      comment: 'The store is the bottom layer: store/ never imports alerting/, services/, http/ or routes/ (its tests may drive it from above).',
      severity: 'error',
      // Tests are not a layer: store/postgres/notify.test.ts wakes the real evaluator through the store's LISTEN/NOTIFY.
      from: { path: '^src/server/store/', pathNot: TEST_CODE },
      to: { path: '^src/server/(alerting|services|http|routes)/' },
    },
    {
      name: 'services-do-not-import-http',
      comment: 'Services throw domain errors (services/errors.ts); only the HTTP edge (http/, routes/) turns them into answers.',
      severity: 'error',
      from: { path: '^src/server/services/', pathNot: TEST_CODE },
      to: { path: '^src/server/(http|routes)/' },
    },
    {
      name: 'sqlite-does-not-import-postgres',
      comment: 'The two store backends never import each other: what both need lives in store/common/.',
      severity: 'error',
      from: { path: '^src/server/store/sqlite/' },
      to: { path: '^src/server/store/postgres/' },
    },
    {
      name: 'postgres-does-not-import-sqlite',
      comment: 'The two store backends never import each other: what both need lives in store/common/.',
      severity: 'error',
      from: { path: '^src/server/store/postgres/' },
      to: { path: '^src/server/store/sqlite/' },
    },
    {
      name: 'routes-do-not-import-routes',
      comment: 'A route file does not import another route file: what two routes share moves to services/ or http/.',
      severity: 'error',
      from: { path: '^src/server/routes/', pathNot: TEST_CODE },
      to: { path: '^src/server/routes/', pathNot: TEST_CODE },
    },
    {
      name: 'test-code-only-from-tests',
      comment: 'Test files and fixtures (*.test.ts(x), src/server/testing/) are imported only by tests, fixtures, bench/ and e2e/, never by production code.',
      severity: 'error',
      from: { pathNot: TEST_USERS },
      to: { path: TEST_CODE },
    },
    {
      name: 'no-circular',
      comment: 'No import circles: a module never reaches itself again through its imports.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|playwright-report|test-results|bench-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
