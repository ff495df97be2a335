import { describe, expect, it } from 'vitest';
import { PREVIOUS_RELEASE } from '../../testing/previous-release';
import { migrationFiles } from './migrate';

// Migrations since the previous release only expand the schema: a replica of that release keeps
// running beside this one while it migrates (docs/upgrades.md). Removing or changing what the old
// release reads or writes waits for a later release, and says so on the line before it with
// `-- contract: <why the previous release no longer uses this>`.
const CONTRACTS: [RegExp, string][] = [
  [/\bDROP\s+(TABLE|COLUMN|CONSTRAINT|VIEW|FUNCTION|TYPE)\b/i, 'drops what the previous release may use'],
  [/\bRENAME\b/i, 'renames what the previous release names'],
  [/\bALTER\s+COLUMN\s+\S+\s+(SET\s+DATA\s+)?TYPE\b/i, 'changes a column type under the previous release'],
  [/\bSET\s+NOT\s+NULL\b/i, 'forbids nulls the previous release may write'],
  [/\bADD\s+COLUMN\b(?![^;]*\bDEFAULT\b)[^;]*\bNOT\s+NULL\b/i, 'adds a NOT NULL column without a default, which the previous release cannot fill'],
];

/** The statements of a migration (split on semicolons) with the comment lines just before each. */
function statements(sql: string): { text: string; comments: string }[] {
  return sql.split(';').map((chunk) => {
    const lines = chunk.split('\n');
    const comments = lines.filter((l) => l.trim().startsWith('--')).join('\n');
    const text = lines.filter((l) => !l.trim().startsWith('--')).join(' ');
    return { text, comments };
  });
}

/** What a migration contracts without saying why that is safe. */
function unmarkedContracts(sql: string): string[] {
  const found: string[] = [];
  for (const s of statements(sql)) {
    if (/--\s*contract:\s*\S/.test(s.comments)) continue;
    for (const [re, why] of CONTRACTS) if (re.test(s.text)) found.push(`${s.text.trim().replace(/\s+/g, ' ').slice(0, 80)}: ${why}`);
  }
  return found;
}

describe('migrations since the previous release', () => {
  it('only expand the schema, or mark a contraction with its reason', () => {
    const since = migrationFiles().filter((m) => m.version > PREVIOUS_RELEASE.lastMigration);
    const found = since.flatMap((m) => unmarkedContracts(m.sql).map((x) => `${m.version}_${m.name}: ${x}`));
    expect(found).toEqual([]);
  });

  it.each([
    ['ALTER TABLE alerts DROP COLUMN per_server;', 1],
    ['ALTER TABLE alerts RENAME COLUMN a TO b;', 1],
    ['ALTER TABLE alerts ALTER COLUMN a TYPE text;', 1],
    ['ALTER TABLE alerts ALTER COLUMN a SET NOT NULL;', 1],
    ['ALTER TABLE alerts ADD COLUMN a bigint NOT NULL;', 1],
    ['ALTER TABLE alerts ADD COLUMN a bigint NOT NULL DEFAULT 0;', 0],
    ['CREATE TABLE x (a bigint NOT NULL);', 0],
    ['-- contract: release-19 stopped reading it\nALTER TABLE alerts DROP COLUMN old;', 0],
    ['DROP INDEX IF EXISTS alerts_old;', 0],
  ])('%s -> %i contraction(s)', (sql, n) => {
    expect(unmarkedContracts(sql)).toHaveLength(n);
  });
});
