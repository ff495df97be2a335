// Alert backtest figure: a Server CPU alert replayed over 30 days of one server's minutes, the minutes
// written straight into the store (43,200 uploads over HTTP would make the bench itself the cost).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { serverSample } from './fleet';
import type { Figure } from './report';
import type { BenchService } from './service';

type Minute = { time: number; data: string };
/** Writes one server's minute rows straight into a store. */
export type PutMinutes = (serverId: number, rows: Minute[]) => Promise<void>;

export const sqliteMinutes = (dir: string): PutMinutes => async (serverId, rows) => {
  const db = new Database(join(dir, 'bench.sqlite'));
  db.pragma('busy_timeout = 5000');
  const accountId = (db.prepare('SELECT account_id FROM servers WHERE id = ?').get(serverId) as { account_id: number }).account_id;
  const ins = db.prepare('INSERT OR IGNORE INTO tm_server_minutes (account_id, server_id, time, data) VALUES (?, ?, ?, ?)');
  db.transaction(() => rows.forEach((r) => ins.run(accountId, serverId, r.time, r.data)))();
  db.close();
};

export const pgMinutes = (url: string): PutMinutes => async (serverId, rows) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(
      `INSERT INTO tm_server_minutes (account_id, server_id, time, data)
       SELECT s.account_id, s.id, u.time, u.data FROM servers s, unnest($2::bigint[], $3::text[]) AS u(time, data)
       WHERE s.id = $1 ON CONFLICT DO NOTHING`,
      [serverId, rows.map((r) => r.time), rows.map((r) => r.data)],
    );
  } finally {
    await c.end();
  }
};

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Prints the backtest time of 30 days of one server on the store behind `svc` (goal: within 2 s). */
export async function backtest(svc: BenchService, store: string, now: number, put: PutMinutes, fig: Figure) {
  const server = await svc.register('backtest');
  const days = 30;
  await put(server, Array.from({ length: days * 1440 }, (_, k) => ({ time: now - k * 60, data: JSON.stringify(serverSample(0, now - k * 60)) })));
  const me = JSON.parse((await svc.call('GET', '/api/v5/me')).text) as { id: number };
  const form = { name: 'bt', type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 95, time_above_threshold: 2, users: [me.id], start: now - days * 86400, end: now };
  const times: number[] = [];
  let answer = '';
  for (let k = 0; k < 5; k++) {
    const r = await svc.call('POST', '/api/v5/alerts/backtest/', JSON.stringify(form));
    times.push(r.client);
    answer = r.text;
  }
  const a = JSON.parse(answer) as { incidents: unknown[]; evaluated_minutes: number };
  fig("alert backtest, 30 days of one server's minutes, p50 over HTTP", `${p50(times).toFixed(0)} ms`, '<= 2000 ms');
  console.log(`[${store}] alert backtest, 30 days of one server's minutes (${a.evaluated_minutes} minutes, ${a.incidents.length} incidents): p50 ${p50(times).toFixed(0)} ms (target <= 2000 ms)`);
}
