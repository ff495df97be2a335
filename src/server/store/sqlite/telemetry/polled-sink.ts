import type { Batch } from '../../../../shared/ingest';
import { valueRows } from '../../common/polled-data';
import { minuteOf } from '../../common/util';
import type { Db } from '../db';
import { statementCache } from './statement-cache';

const statements = statementCache((db: Db) => ({
  upsertItem: db.prepare<[number, number, string, string, string], { id: number }>(
    `INSERT INTO polled_data (account_id, server_id, name, command_name, command_line) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (account_id, server_id, name) DO UPDATE
       SET command_name = excluded.command_name, command_line = excluded.command_line
     RETURNING id`,
  ),
  saveValues: db.prepare(
    `INSERT INTO polled_values (polled_id, minute, account_id, status, text, "values") VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (polled_id, minute) DO UPDATE
       SET status = excluded.status, text = excluded.text, "values" = excluded."values"`,
  ),
}));

/**
 * Creates or updates the polled-data item of each result by (server, name) and stores the result
 * under its minute; a second result in the same minute replaces the first.
 */
export function polledSink(ctx: { db: Db; accountId: number; serverId: number }, batch: Batch): void {
  if (batch.polled.length === 0) return;
  const s = statements(ctx.db);
  for (const r of batch.polled) {
    const item = s.upsertItem.get(ctx.accountId, ctx.serverId, r.name, r.command_name, r.command_line)!;
    s.saveValues.run(item.id, minuteOf(r.time), ctx.accountId, r.status, r.text, JSON.stringify(valueRows(r)));
  }
}
