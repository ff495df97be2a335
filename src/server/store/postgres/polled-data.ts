import { POLLED_ALERT_TYPE, withAlertIds } from '../common/polled-data';
import { parseJson } from '../common/util';
import type { PolledDataRepo, PolledItemRecord, PolledMinuteRow, PolledValueRow } from '../repos/polled-data';
import { minuteRange } from './bounds';
import type { Pg } from './db';

type ItemRow = Omit<PolledItemRecord, 'alert_id'>;

const BASE = `SELECT p.id, p.name, p.server_id, s.hostname AS server_hostname, p.command_name, p.command_line
  FROM polled_data p JOIN servers s ON s.id = p.server_id AND s.account_id = p.account_id AND s.deleted_at IS NULL
  WHERE p.account_id = $1`;
const WINDOW = 'account_id = $1 AND polled_id = $2 AND minute BETWEEN $3 AND $4';

/** Polled data items and their minute results over PostgreSQL. */
export function pgPolledData(pg: Pg): PolledDataRepo {
  async function withAlerts(accountId: number, rows: ItemRow[]): Promise<PolledItemRecord[]> {
    if (rows.length === 0) return [];
    const alerts = await pg.rows<{ id: number; target: string }>(
      'SELECT id, target_id AS target FROM alerts WHERE account_id = $1 AND type = $2 ORDER BY id',
      [accountId, POLLED_ALERT_TYPE],
    );
    return withAlertIds(rows, alerts);
  }

  return {
    async list(accountId, paging) {
      const [count, rows] = await Promise.all([
        pg.row<{ n: number }>(`SELECT COUNT(*) AS n FROM (${BASE}) x`, [accountId]),
        pg.rows<ItemRow>(`${BASE} ORDER BY p.id LIMIT $2 OFFSET $3`, [accountId, paging.limit, paging.page * paging.limit]),
      ]);
      return { total: count!.n, items: await withAlerts(accountId, rows) };
    },
    async get(accountId, id) {
      if (!Number.isSafeInteger(id)) return null;
      const row = await pg.row<ItemRow>(`${BASE} AND p.id = $2`, [accountId, id]);
      return row ? (await withAlerts(accountId, [row]))[0]! : null;
    },
    async latestMinute(accountId, id) {
      if (!Number.isSafeInteger(id)) return null;
      const row = await pg.row<{ m: number | null }>('SELECT MAX(minute) AS m FROM polled_values WHERE account_id = $1 AND polled_id = $2', [
        accountId,
        id,
      ]);
      return row?.m ?? null;
    },
    async data(accountId, id, w, paging) {
      if (!Number.isSafeInteger(id)) return { total: 0, items: [] };
      const args = [accountId, id, ...minuteRange(w.from, w.to)];
      const [count, rows] = await Promise.all([
        pg.row<{ n: number }>(`SELECT COUNT(*) AS n FROM polled_values WHERE ${WINDOW}`, args),
        pg.rows<{ time: number; status: PolledMinuteRow['status']; text: string; v: string }>(
          `SELECT minute AS time, status, text, "values" AS v FROM polled_values WHERE ${WINDOW} ORDER BY minute DESC LIMIT $5 OFFSET $6`,
          [...args, paging.limit, paging.page * paging.limit],
        ),
      ]);
      const items = rows.map((r) => ({ time: r.time, status: r.status, text: r.text, values: parseJson<PolledValueRow[]>(r.v, []) }));
      return { total: count!.n, items };
    },
  };
}
