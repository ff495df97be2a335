import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { migrateStore, type TableReport } from '../store/migrate-store';
import { storeFile } from '../store/sqlite/backup';
import { runCli } from './cli-run';

const USAGE = 'usage: npm run migrate-store -- --from <SQLite DATA_DIR> --to postgres://user:pass@host:port/db [--batch N]';

function printTable(tables: TableReport[]): void {
  const w = Math.max(5, ...tables.map((t) => t.table.length));
  console.log(`  ${'table'.padEnd(w)}  ${'sqlite rows'.padStart(11)}  ${'pg rows'.padStart(11)}  ${'sqlite checksum'.padEnd(16)}  ${'pg checksum'.padEnd(16)}`);
  for (const t of tables) {
    console.log(
      `  ${t.table.padEnd(w)}  ${String(t.sourceRows).padStart(11)}  ${String(t.targetRows).padStart(11)}  ${t.sourceChecksum}  ${t.targetChecksum}  ${t.ok ? 'ok' : 'DIFFERS'}`,
    );
  }
}

/** `migrate-store --from DIR --to URL`: the SQLite store of DIR into an empty PostgreSQL database, resumable. */
async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { from: { type: 'string' }, to: { type: 'string' }, batch: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  const batch = values.batch === undefined ? 5000 : Number(values.batch);
  if (!values.from || !values.to || !/^postgres(ql)?:\/\//.test(values.to) || !Number.isInteger(batch) || batch < 1) {
    console.error(USAGE);
    return 2;
  }
  const file = storeFile(resolve(values.from));
  if (!existsSync(file)) {
    console.error(`error: no SQLite store in ${values.from} (${file} does not exist)`);
    return 2;
  }
  const r = await migrateStore(file, values.to, { batch, onProgress: (m) => !values.json && console.log(m) });
  const rows = r.tables.reduce((n, t) => n + t.sourceRows, 0);
  if (values.json) console.log(JSON.stringify(r));
  else {
    printTable(r.tables);
    console.log(
      `${r.resumed ? 'resumed; ' : ''}copied ${r.copied} rows in ${(r.ms / 1000).toFixed(1)} s (${Math.round((r.copied / r.ms) * 1000)} rows/s); ${rows} rows in all`,
    );
    console.log(r.ok ? 'verified: rows and checksums agree for every table' : 'VERIFICATION FAILED: the database stays marked as half-migrated');
  }
  return r.ok ? 0 : 1;
}

runCli(main);
