import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The release before this one (tagged `release-19` in the repository): what replicas run while an
 * upgrade to this tree rolls through them. Bumped when a release is cut; see docs/upgrades.md.
 */
export const PREVIOUS_RELEASE = { tag: 'release-19', commit: '532c1d212b5d5946efd26187ee83ad141f379659', lastMigration: 19 };

/**
 * The previous release's service checked out beside this one: its `src/` and configuration from git
 * (`git archive` of the commit, so it needs the repository's history, which a clone has), with this
 * tree's node_modules (releases only add dependencies). Answers its directory and how to remove it.
 */
export function checkoutPreviousRelease(root = process.cwd()): { dir: string; remove(): void } {
  const { commit, tag } = PREVIOUS_RELEASE;
  try {
    execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: root, stdio: 'ignore' });
  } catch {
    throw new Error(`the previous release ${tag} (${commit}) is not in this clone's history: clone without --depth to run the upgrade test`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'fw-previous-'));
  const archive = execFileSync('git', ['archive', '--format=tar', commit, 'src', 'package.json', 'tsconfig.json'], { cwd: root, maxBuffer: 512 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  symlinkSync(resolve(root, 'node_modules'), join(dir, 'node_modules'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
