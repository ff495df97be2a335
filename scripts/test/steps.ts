import { readFileSync } from 'node:fs';
import type { PeerName } from './peers';

/** One step of `npm test`: a command, what it needs around it, whether it runs by default. */
export interface Step {
  name: string;
  title: string;
  command: string[];
  env?: Record<string, string>;
  peers: PeerName[];
  postgres: boolean;
  /** Left out of a plain `npm test` (selected with --only). */
  optional?: boolean;
}

const hasScript = (name: string): boolean => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts?: Record<string, string> };
  return Boolean(pkg.scripts?.[name]);
};

const serverPeers: PeerName[] = ['nagiosBasic', 'nagiosStandard', 'logger', 'prometheus', 'nodeExporter'];

/** The steps in the order they run; `npm test` stops at the first that fails. */
export function allSteps(): Step[] {
  const steps: Step[] = [
    { name: 'typecheck', title: 'TypeScript (tsc --noEmit)', command: ['npm', 'run', 'typecheck'], peers: [], postgres: false },
  ];
  if (hasScript('lint')) steps.push({ name: 'lint', title: 'House rules (npm run lint)', command: ['npm', 'run', 'lint'], peers: [], postgres: false });
  steps.push(
    { name: 'quick', title: 'Unit tests (npm run test:quick)', command: ['npx', 'vitest', 'run'], env: { TEST_SCOPE: 'quick' }, peers: [], postgres: false, optional: true },
    { name: 'sqlite', title: 'Suite on SQLite (vitest run)', command: ['npx', 'vitest', 'run'], peers: serverPeers, postgres: false },
    { name: 'postgres', title: 'Suite on PostgreSQL (npm run test:pg)', command: ['npm', 'run', 'test:pg'], peers: [...serverPeers, 'haproxy', 'pgClient'], postgres: true },
    {
      name: 'pg-smoke',
      title: 'A few PostgreSQL tests (checks the runner and its PostgreSQL)',
      command: ['npx', 'vitest', 'run', 'src/server/store/postgres/catalogue.pg.test.ts', 'src/server/routes/servers.test.ts'],
      env: { STORE: 'postgres' },
      peers: [],
      postgres: true,
      optional: true,
    },
    { name: 'e2e', title: 'Browser tests on SQLite (npm run test:e2e)', command: ['npm', 'run', 'test:e2e'], peers: ['chromium'], postgres: false },
    { name: 'e2e-pg', title: 'Browser tests on PostgreSQL (npm run test:e2e:pg)', command: ['npm', 'run', 'test:e2e:pg'], peers: ['chromium'], postgres: true },
  );
  return steps;
}

/** The steps `--only a,b` names (in the suite's order), or the default ones; unknown names throw. */
export function selectSteps(only: string[] | undefined): Step[] {
  const steps = allSteps();
  if (!only) return steps.filter((s) => !s.optional);
  const unknown = only.filter((n) => !steps.some((s) => s.name === n));
  if (unknown.length) throw new Error(`Unknown step ${unknown.join(', ')}; the steps are: ${steps.map((s) => s.name).join(', ')}`);
  return steps.filter((s) => only.includes(s.name));
}
