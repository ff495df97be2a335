import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readEnv } from '../config';
import { backupSqlite } from '../store/sqlite/backup';
import { printCounts, runCli } from './cli-run';

const USAGE = 'usage: npm run backup -- --to FILE   (the SQLite store in DATA_DIR; on PostgreSQL use pg_dump, see docs/backup-and-migration.md)';

/** `backup --to FILE`: an online, consistent copy of the SQLite store while the service runs. */
async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { to: { type: 'string' }, json: { type: 'boolean', default: false } } });
  if (!values.to) {
    console.error(USAGE);
    return 2;
  }
  const env = readEnv();
  if (env.DATABASE_URL) {
    console.error('error: DATABASE_URL is set: this store is PostgreSQL; back it up with pg_dump (docs/backup-and-migration.md)');
    return 2;
  }
  const to = resolve(values.to);
  const t0 = Date.now();
  const { counts, bytes } = backupSqlite(env.DATA_DIR, to);
  if (values.json) console.log(JSON.stringify({ file: to, bytes, counts }));
  else {
    console.log(`backup of ${env.DATA_DIR} written to ${to} (${bytes} bytes, ${Date.now() - t0} ms); rows per table:`);
    printCounts(counts);
  }
  return 0;
}

runCli(main);
