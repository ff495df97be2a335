import type { Db } from '../store/sqlite/db';
import { testStoreKind, type TestSql } from '../store/test-store';
import { seedServer, seedServerRow } from './harness';

/** Targets of every alert type in one account, inserted as rows (their own endpoints are not needed). */
export interface AlertTargets {
  server: number;
  tag: number;
  log: number;
  polled: number;
  app: number;
  /** A Process target id `<server_id>,<pid>,<creation_time>,<name>` of a process the server ran. */
  process: string;
  owner: number;
}

const insert = (db: Db, sql: string, ...args: unknown[]) => Number(db.prepare(sql).run(...args).lastInsertRowid);

/** Seeds a server named `hostname` with a tag, a log, a polled-data item, an application and a process. */
export function seedAlertTargets(db: Db, accountId: number, hostname: string): AlertTargets {
  const now = Math.floor(Date.now() / 1000);
  const server = seedServer(db, accountId, { hostname });
  const tag = insert(db, 'INSERT INTO server_tags (account_id, name) VALUES (?, ?)', accountId, `${hostname}-tag`);
  db.prepare('INSERT INTO server_tag_members (account_id, tag_id, server_id) VALUES (?, ?, ?)').run(accountId, tag, server);
  const log = insert(db, `INSERT INTO logs (account_id, server_id, source_type, source, updated) VALUES (?, ?, 'FILE', '/var/log/syslog', ?)`, accountId, server, now);
  const polled = insert(db, `INSERT INTO polled_data (account_id, server_id, name, command_name, command_line) VALUES (?, ?, 'check_load', 'check_load', '/usr/lib/nagios/plugins/check_load')`, accountId, server);
  const app = insert(db, `INSERT INTO applications (account_id, name, created) VALUES (?, 'shop', ?)`, accountId, now);
  const pid = 4321;
  const created = now - 3600;
  // The process must have been seen once the telemetry tables exist (see sqlite/alert-targets.ts).
  if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'tm_processes'").get()) {
    db.prepare(`INSERT INTO tm_processes (account_id, server_id, pid, create_time, name, args, first_seen, last_seen) VALUES (?, ?, ?, ?, 'nginx', '', ?, ?)`).run(
      accountId, server, pid, created, now, now,
    );
  }
  const owner = db.prepare<[number], { id: number }>('SELECT id FROM users WHERE account_id = ? ORDER BY id LIMIT 1').get(accountId)!.id;
  return { server, tag, log, polled, app, process: `${server},${pid},${created},nginx`, owner };
}

/** Whether the test store has a table (the telemetry tables come with their own migration). */
async function hasTable(sql: TestSql, name: string): Promise<boolean> {
  const q =
    testStoreKind() === 'postgres'
      ? 'SELECT 1 AS x WHERE to_regclass(?) IS NOT NULL'
      : "SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = ?";
  return (await sql.get(q, name)) !== undefined;
}

/** seedAlertTargets on either store (plain SQL both accept), for store-neutral suites. */
export async function seedAlertTargetRows(sql: TestSql, accountId: number, hostname: string): Promise<AlertTargets> {
  const now = Math.floor(Date.now() / 1000);
  const id = async (text: string, ...args: unknown[]) => (await sql.get<{ id: number }>(`${text} RETURNING id`, ...args))!.id;
  const server = await seedServerRow(sql, accountId, { hostname });
  const tag = await id('INSERT INTO server_tags (account_id, name) VALUES (?, ?)', accountId, `${hostname}-tag`);
  await sql.run('INSERT INTO server_tag_members (account_id, tag_id, server_id) VALUES (?, ?, ?)', accountId, tag, server);
  const log = await id(`INSERT INTO logs (account_id, server_id, source_type, source, updated) VALUES (?, ?, 'FILE', '/var/log/syslog', ?)`, accountId, server, now);
  const polled = await id(
    `INSERT INTO polled_data (account_id, server_id, name, command_name, command_line) VALUES (?, ?, 'check_load', 'check_load', '/usr/lib/nagios/plugins/check_load')`,
    accountId,
    server,
  );
  const app = await id(`INSERT INTO applications (account_id, name, created) VALUES (?, 'shop', ?)`, accountId, now);
  const pid = 4321;
  const created = now - 3600;
  if (await hasTable(sql, 'tm_processes')) {
    await sql.run(
      `INSERT INTO tm_processes (account_id, server_id, pid, create_time, name, args, first_seen, last_seen) VALUES (?, ?, ?, ?, 'nginx', '', ?, ?)`,
      accountId, server, pid, created, now, now,
    );
  }
  const owner = (await sql.get<{ id: number }>('SELECT id FROM users WHERE account_id = ? ORDER BY id LIMIT 1', accountId))!.id;
  return { server, tag, log, polled, app, process: `${server},${pid},${created},nginx`, owner };
}
