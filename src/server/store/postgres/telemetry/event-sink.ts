import type { Batch } from '../../../../shared/ingest';
import type { EventParts } from '../../repos/telemetry';
import type { Sql } from '../db';
import { countKeys, Counters, planLogMessages, planPolled, planTransactions, storable, type LogTarget } from './event-plan';

/** Where a batch is written: its tenant, server and minute, inside the ingest transaction. */
export interface EventContext {
  accountId: number;
  serverId: number;
  minute: number;
}

interface LogRow {
  id: number;
  limit: number;
  source_type: string;
}

/**
 * The logs the batch may write to, locked FOR KEY SHARE until the batch commits (a log deleted
 * meanwhile waits, then deletes what the batch wrote; the events tables have no foreign key): the server's own EVENTLOG/SYSLOG/FILE logs it uploads to, and,
 * while the account collects transactions, its first AFURL and AFSQL logs. Uploads to another
 * server's log, or to one deleted meanwhile, are dropped (a collector may run on a stale config).
 */
async function targets(tx: Sql, ctx: EventContext, batch: EventParts) {
  const uploaded = batch.logs.map((u) => u.log_id).filter(Number.isSafeInteger);
  const rows = await tx.rows<LogRow>(
    `SELECT id, "limit" AS "limit", source_type FROM logs WHERE account_id = $1 AND server_id = $2 AND (
       (id = ANY($3::bigint[]) AND source_type IN ('EVENTLOG', 'SYSLOG', 'FILE'))
       OR ($4 AND source_type IN ('AFURL', 'AFSQL')
           AND EXISTS (SELECT 1 FROM accounts WHERE id = $1 AND transactions_on AND transactions_enabled)))
     ORDER BY id FOR KEY SHARE`,
    [ctx.accountId, ctx.serverId, uploaded, batch.transactions.length > 0],
  );
  const logs = new Map<number, LogTarget>();
  const txLogs: Partial<Record<'url' | 'sql', LogTarget>> = {};
  for (const r of rows) {
    if (r.source_type === 'AFURL') txLogs.url ??= r;
    else if (r.source_type === 'AFSQL') txLogs.sql ??= r;
    else logs.set(r.id, r);
  }
  return { logs, txLogs };
}

/** Log messages, transaction messages and their minute counts: one statement per table. */
export async function logsAndTransactions(tx: Sql, ctx: EventContext, batch: EventParts): Promise<void> {
  if (batch.logs.length === 0 && batch.transactions.length === 0) return;
  const { logs, txLogs } = await targets(tx, ctx, batch);
  const keys = countKeys(batch, logs, txLogs);
  if (keys.logIds.length === 0) return;
  const stored = await tx.rows<{ log_id: number; minute: number; info: number; warning: number; critical: number }>(
    `SELECT c.log_id, c.minute, c.info, c.warning, c.critical FROM log_counts c
     JOIN unnest($2::bigint[], $3::bigint[]) AS k(log_id, minute) ON c.log_id = k.log_id AND c.minute = k.minute
     WHERE c.account_id = $1`,
    [ctx.accountId, keys.logIds, keys.minutes],
  );
  const counters = new Counters(stored);
  const m = planLogMessages(batch, logs, counters);
  if (m.logId.length > 0) {
    await tx.exec(
      `INSERT INTO log_messages (account_id, log_id, minute, seq, time, severity, data)
       SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::smallint[], $7::text[])`,
      [ctx.accountId, m.logId, m.minute, m.seq, m.time, m.severity, m.data],
    );
  }
  const kept = planTransactions(batch, txLogs, counters);
  if (kept.length > 0) {
    const col = <T>(f: (k: (typeof kept)[number]) => T) => kept.map(f);
    // Ids follow the upload's order (WITH ORDINALITY), as SQLite's row-by-row inserts number them.
    await tx.exec(
      `INSERT INTO transaction_messages (account_id, server_id, log_id, minute, time, log_type, event, version,
         application, pid, ppid, socket, own_ip, own_port, peer_ip, peer_port, statement, duration)
       SELECT $1, $2, t.log_id, t.minute, t.time, t.log_type, t.event, t.version, t.app, t.pid, t.ppid, t.socket,
         t.own_ip, t.own_port, t.peer_ip, t.peer_port, t.statement, t.duration
       FROM unnest($3::bigint[], $4::bigint[], $5::float8[], $6::text[], $7::text[], $8::bigint[], $9::text[],
         $10::bigint[], $11::bigint[], $12::bigint[], $13::text[], $14::int[], $15::text[], $16::int[], $17::text[], $18::float8[])
         WITH ORDINALITY AS t(log_id, minute, time, log_type, event, version, app, pid, ppid, socket,
           own_ip, own_port, peer_ip, peer_port, statement, duration, i)
       ORDER BY t.i`,
      [
        ctx.accountId, ctx.serverId, col((k) => k.logId), col((k) => k.minute), col((k) => k.t.time), col((k) => k.t.log_type),
        col((k) => storable(k.t.event)), col((k) => k.t.version), col((k) => storable(k.t.application)), col((k) => k.t.pid), col((k) => k.t.ppid),
        col((k) => k.t.socket), col((k) => storable(k.t.own_ip)), col((k) => k.t.own_port), col((k) => storable(k.t.peer_ip)), col((k) => k.t.peer_port),
        col((k) => storable(k.t.statement)), col((k) => k.t.duration),
      ],
    );
  }
  const changed = counters.changed();
  if (changed.length === 0) return;
  await tx.exec(
    `INSERT INTO log_counts (account_id, log_id, minute, info, warning, critical)
     SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[])
     ON CONFLICT (account_id, log_id, minute) DO UPDATE SET info = excluded.info, warning = excluded.warning, critical = excluded.critical`,
    [ctx.accountId, changed.map((c) => c.logId), changed.map((c) => c.minute), changed.map((c) => c.c.info), changed.map((c) => c.c.warning), changed.map((c) => c.c.critical)],
  );
}

/** Polled data items (created or updated by server and name) and their minute results. */
async function polled(tx: Sql, ctx: EventContext, batch: Batch): Promise<void> {
  if (batch.polled.length === 0) return;
  const plan = planPolled(batch);
  const items = await tx.rows<{ id: number; name: string }>(
    `INSERT INTO polled_data (account_id, server_id, name, command_name, command_line)
     SELECT $1, $2, n, c, l FROM unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS t(n, c, l, i) ORDER BY i
     ON CONFLICT (account_id, server_id, name) DO UPDATE SET command_name = excluded.command_name, command_line = excluded.command_line
     RETURNING id, name`,
    [ctx.accountId, ctx.serverId, plan.items.map((i) => i.name), plan.items.map((i) => i.commandName), plan.items.map((i) => i.commandLine)],
  );
  const ids = new Map(items.map((i) => [i.name, i.id]));
  const v = plan.values;
  await tx.exec(
    `INSERT INTO polled_values (account_id, polled_id, minute, status, text, "values")
     SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[])
     ON CONFLICT (account_id, polled_id, minute) DO UPDATE SET status = excluded.status, text = excluded.text, "values" = excluded."values"`,
    [ctx.accountId, v.map((x) => ids.get(x.name)!), v.map((x) => x.minute), v.map((x) => x.status), v.map((x) => x.text), v.map((x) => x.values)],
  );
}

/** The batch's socket connections under the batch minute; traces and topology pair them. */
async function connections(tx: Sql, ctx: EventContext, batch: Batch): Promise<void> {
  const c = batch.connections;
  if (c.length === 0) return;
  const col = <T>(f: (x: (typeof c)[number]) => T) => c.map(f);
  await tx.exec(
    `INSERT INTO socket_connections (account_id, server_id, minute, pid, create_time, role, local_ip, local_port,
       peer_ip, peer_port, state, sent, recv, responses, response_time_us)
     SELECT $1, $2, $3, t.pid, t.ct, t.role, t.lip, t.lport, t.pip, t.pport, t.state, t.sent, t.recv, t.resp, t.rt
     FROM unnest($4::bigint[], $5::bigint[], $6::text[], $7::text[], $8::int[], $9::text[], $10::int[], $11::text[],
       $12::bigint[], $13::bigint[], $14::bigint[], $15::bigint[]) WITH ORDINALITY
       AS t(pid, ct, role, lip, lport, pip, pport, state, sent, recv, resp, rt, i)
     ORDER BY t.i`,
    [
      ctx.accountId, ctx.serverId, ctx.minute, col((x) => x.pid), col((x) => x.create_time), col((x) => x.role), col((x) => storable(x.local_ip)),
      col((x) => x.local_port), col((x) => storable(x.peer_ip)), col((x) => x.peer_port), col((x) => storable(x.state)), col((x) => x.sent), col((x) => x.recv),
      col((x) => x.responses), col((x) => x.response_time_us),
    ],
  );
}

/** Writes a batch's events inside the ingest transaction (after ensureEventPartitions on the pool). */
export async function writeEvents(tx: Sql, ctx: EventContext, batch: Batch): Promise<void> {
  await logsAndTransactions(tx, ctx, batch);
  await polled(tx, ctx, batch);
  await connections(tx, ctx, batch);
}
