import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readEnv } from '../config';
import { countDifferences, restoreSqlite } from '../store/sqlite/backup';
import { printCounts, runCli } from './cli-run';

const USAGE = 'usage: npm run restore -- --from FILE   (into DATA_DIR, which must be empty)';

/** `restore --from FILE`: the backup into an empty DATA_DIR, then verified (integrity, rows per table). */
async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { from: { type: 'string' }, json: { type: 'boolean', default: false } } });
  if (!values.from) {
    console.error(USAGE);
    return 2;
  }
  const env = readEnv();
  const r = await restoreSqlite(resolve(values.from), env.DATA_DIR);
  const diff = countDifferences(r.backup, r.restored);
  const ok = r.integrity === 'ok' && diff.length === 0;
  if (values.json) console.log(JSON.stringify({ ok, file: r.file, integrity: r.integrity, counts: r.restored, differences: diff }));
  else {
    console.log(`restored ${values.from} into ${r.file}; integrity_check: ${r.integrity}; rows per table:`);
    printCounts(r.restored);
    for (const d of diff) console.error(`count differs: ${d}`);
    console.log(ok ? 'verified: every table has the rows of the backup' : 'VERIFICATION FAILED');
  }
  return ok ? 0 : 1;
}

runCli(main);
