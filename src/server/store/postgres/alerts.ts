import type { SubscriberInput } from '../../../shared/alert-inputs';
import type { AlertPatch, AlertRecord, AlertRepo, AlertUserRecord, AlertValues } from '../repos/alerts';
import { ALERT_COLUMNS, alertRecord, type AlertColumn, type AlertRow } from '../alert-records';
import { alertTargetFacts } from './alert-targets';
import type { Pg, Sql } from './db';
import { incidentWriter } from './incidents';

type Row = Omit<AlertRow, 'active' | 'in_incident' | 'per_server' | 'users' | 'subscribers'> & { active: boolean; in_incident: boolean; per_server: boolean; users: unknown; subscribers: unknown };

// Users whose profile was deleted since drop out of the answer, so an alert never names a stranger.
const SELECT = `SELECT a.id, a.account_id, a.name, a.type, a.target_id, a.target, a.trigger_type, a."trigger",
  a.active, a.direction, a.threshold, a.threshold_type, a.band_value, a.window_length, a.window_units,
  a."interval", a.time_above_threshold, a.num_of_servers, a.part_name, a.ip_details, a.reg_exp,
  (SELECT coalesce(jsonb_agg(j.value ORDER BY j.o), '[]'::jsonb) FROM jsonb_array_elements(a.users) WITH ORDINALITY AS j(value, o)
     WHERE jsonb_typeof(j.value -> 'id') = 'number'
       AND EXISTS (SELECT 1 FROM users u WHERE u.account_id = a.account_id AND u.id = (j.value ->> 'id')::numeric)) AS users,
  a.subscribers, a.channels, a.last_triggered, a.in_incident, a.per_server, a.escalation_policy, a.created
  FROM alerts a`;

const toRecord = (r: Row): AlertRecord =>
  alertRecord(r, {
    active: r.active,
    in_incident: r.in_incident,
    per_server: r.per_server,
    users: (Array.isArray(r.users) ? r.users : []) as AlertUserRecord[],
    subscribers: (Array.isArray(r.subscribers) ? r.subscribers : null) as SubscriberInput[] | null,
  });

const JSON_COLUMNS = new Set<string>(['users', 'subscribers']);
const placeholder = (c: string, n: number) => (JSON_COLUMNS.has(c) ? `$${n}::jsonb` : `$${n}`);

function toColumn(key: AlertColumn, v: AlertValues[keyof AlertValues]): unknown {
  if (key === 'users') return JSON.stringify(v);
  if (key === 'subscribers') return v === null ? null : JSON.stringify(v);
  return v;
}

/** Inserts an alert with `sql` (a transaction's, e.g. a server's default alerts with its registration); answers its id. */
export async function insertAlert(sql: Sql, accountId: number, values: AlertValues, now: number): Promise<number> {
  const r = await sql.row<{ id: number }>(
    `INSERT INTO alerts (account_id, created, ${ALERT_COLUMNS.map((c) => `"${c}"`).join(', ')})
     VALUES ($1, $2, ${ALERT_COLUMNS.map((c, i) => placeholder(c, i + 3)).join(', ')}) RETURNING id`,
    [accountId, now, ...ALERT_COLUMNS.map((c) => toColumn(c, values[c]))],
  );
  return r!.id;
}

/** Thrown inside updateMany's transaction to roll it back when an id is not the account's. */
class MissingAlert extends Error {}

export function pgAlerts(pg: Pg): AlertRepo {
  const byId = async (q: Sql, accountId: number, id: number) => {
    const row = await q.row<Row>(`${SELECT} WHERE a.account_id = $1 AND a.id = $2`, [accountId, id]);
    return row ? toRecord(row) : null;
  };

  async function updateOne(q: Sql, accountId: number, id: number, patch: AlertPatch): Promise<AlertRecord | null> {
    const keys = (Object.keys(patch) as (keyof AlertPatch)[]).filter((k) => patch[k] !== undefined);
    if (keys.length) {
      const sets = keys.map((k, i) => `"${k}" = ${placeholder(k, i + 3)}`).join(', ');
      await q.exec(`UPDATE alerts SET ${sets} WHERE account_id = $1 AND id = $2`, [
        accountId,
        id,
        ...keys.map((k) => toColumn(k, patch[k] as AlertValues[keyof AlertValues])),
      ]);
    }
    return byId(q, accountId, id);
  }

  return {
    async list(accountId, filter, paging) {
      let where = 'a.account_id = $1';
      const args: (number | string)[] = [accountId];
      if (filter?.type === 'Process') {
        where += ` AND a.type = 'Process' AND a.target_id LIKE $2`;
        args.push(`${filter.serverId},${filter.pid},${filter.creationTime},%`);
      } else if (filter) {
        where += ' AND a.type = $2 AND a.target_id = $3';
        args.push(filter.type, String(filter.targetId));
      }
      const total = (await pg.row<{ n: number }>(`SELECT COUNT(*) AS n FROM alerts a WHERE ${where}`, args))!.n;
      const n = args.length;
      const rows = await pg.rows<Row>(`${SELECT} WHERE ${where} ORDER BY a.id LIMIT $${n + 1} OFFSET $${n + 2}`, [...args, paging.limit, paging.page * paging.limit]);
      return { total, items: rows.map(toRecord) };
    },
    get: (accountId, id) => byId(pg, accountId, id),
    async create(accountId, values, now) {
      return (await byId(pg, accountId, await insertAlert(pg, accountId, values, now)))!;
    },
    async update(accountId, id, patch) {
      return updateOne(pg, accountId, id, patch);
    },
    async updateMany(accountId, changes) {
      // All or nothing: one alert that is not the account's rolls back those already changed.
      try {
        return await pg.tx(async (tx) => {
          const out: AlertRecord[] = [];
          for (const c of changes) {
            const r = await updateOne(tx, accountId, c.id, c.patch);
            if (!r) throw new MissingAlert();
            out.push(r);
          }
          return out;
        });
      } catch (e) {
        if (e instanceof MissingAlert) return null;
        throw e;
      }
    },
    async delete(accountId, id) {
      return (await pg.exec('DELETE FROM alerts WHERE account_id = $1 AND id = $2', [accountId, id])) > 0;
    },
    async closeIncident(accountId, alertId, end, callbacks) {
      return pg.tx((tx) => incidentWriter(tx).endAll(accountId, alertId, { kind: 'end', minute: end, callbacks }, Date.now()));
    },
    async setIncident(accountId, alertId, inIncident, lastTriggered) {
      const n =
        lastTriggered === undefined
          ? await pg.exec('UPDATE alerts SET in_incident = $3 WHERE account_id = $1 AND id = $2', [accountId, alertId, inIncident])
          : await pg.exec('UPDATE alerts SET in_incident = $3, last_triggered = $4 WHERE account_id = $1 AND id = $2', [accountId, alertId, inIncident, lastTriggered]);
      return n > 0;
    },
    async listActive(accountId) {
      return (await pg.rows<Row>(`${SELECT} WHERE a.account_id = $1 AND a.active ORDER BY a.id`, [accountId])).map(toRecord);
    },
    async listAllActive() {
      return (await pg.rows<Row>(`${SELECT} WHERE a.active ORDER BY a.account_id, a.id`)).map(toRecord);
    },
    async targetFacts(accountId, type, targetId) {
      return alertTargetFacts(pg, accountId, type, targetId);
    },
    async userProfiles(accountId) {
      return pg.rows<{ id: number; email: string }>('SELECT id, email FROM users WHERE account_id = $1 ORDER BY id', [accountId]);
    },
  };
}
