import type { SubscriberInput } from '../../../shared/alert-inputs';
import { ALERT_COLUMNS, alertRecord, type AlertColumn, type AlertRow } from '../alert-records';
import { parseJson } from '../common/util';
import type { AlertPatch, AlertRecord, AlertRepo, AlertUserRecord, AlertValues } from '../repos/alerts';
import { alertTargetFacts } from './alert-targets';
import type { Db } from './db';
import { incidentWriter } from './incidents';

// Users whose profile was deleted since drop out of the answer, so an alert never names a stranger.
const SELECT = `SELECT a.id, a.account_id, a.name, a.type, a.target_id, a.target, a.trigger_type, a."trigger",
  a.active, a.direction, a.threshold, a.threshold_type, a.band_value, a.window_length, a.window_units,
  a.interval, a.time_above_threshold, a.num_of_servers, a.part_name, a.ip_details, a.reg_exp,
  (SELECT json_group_array(json(j.value)) FROM json_each(a.users) j
     WHERE EXISTS (SELECT 1 FROM users u WHERE u.account_id = a.account_id AND u.id = json_extract(j.value, '$.id'))) AS users,
  a.subscribers, a.channels, a.last_triggered, a.in_incident, a.per_server, a.escalation_policy, a.created
  FROM alerts a`;

const toRecord = (r: AlertRow): AlertRecord =>
  alertRecord(r, { active: r.active === 1, in_incident: r.in_incident === 1, per_server: r.per_server === 1, users: parseJson<AlertUserRecord[]>(r.users, []), subscribers: parseJson<SubscriberInput[] | null>(r.subscribers, null) });


function toColumn(key: AlertColumn, v: AlertValues[keyof AlertValues]): unknown {
  if (key === 'users' || key === 'channels') return JSON.stringify(v);
  if (key === 'subscribers') return v === null ? null : JSON.stringify(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return v;
}

/** Inserts an alert; usable inside another transaction (a server's default alerts are written with its registration). */
export function alertInserter(db: Db): (accountId: number, values: AlertValues, now: number) => number {
  const insert = db.prepare(
    `INSERT INTO alerts (account_id, created, ${ALERT_COLUMNS.map((c) => `"${c}"`).join(', ')})
     VALUES (?, ?, ${ALERT_COLUMNS.map(() => '?').join(', ')})`,
  );
  return (accountId, values, now) => Number(insert.run(accountId, now, ...ALERT_COLUMNS.map((c) => toColumn(c, values[c]))).lastInsertRowid);
}

/** Thrown inside updateMany's transaction to roll it back when an id is not the account's. */
class MissingAlert extends Error {}

export function sqliteAlerts(db: Db): AlertRepo {
  const byId = db.prepare<[number, number], AlertRow>(`${SELECT} WHERE a.account_id = ? AND a.id = ?`);
  const insert = alertInserter(db);

  function updateOne(accountId: number, id: number, patch: AlertPatch): AlertRecord | null {
    const keys = (Object.keys(patch) as (keyof AlertPatch)[]).filter((k) => patch[k] !== undefined);
    if (keys.length) {
      const sets = keys.map((k) => `"${k}" = ?`).join(', ');
      db.prepare(`UPDATE alerts SET ${sets} WHERE account_id = ? AND id = ?`).run(
        ...keys.map((k) => toColumn(k, patch[k] as AlertValues[keyof AlertValues])),
        accountId,
        id,
      );
    }
    const row = byId.get(accountId, id);
    return row ? toRecord(row) : null;
  }

  // All or nothing: one missing alert rolls back the ones already changed.
  const updateAll = db.transaction((accountId: number, changes: { id: number; patch: AlertPatch }[]): AlertRecord[] | null => {
    const out: AlertRecord[] = [];
    for (const c of changes) {
      const r = updateOne(accountId, c.id, c.patch);
      if (!r) throw new MissingAlert();
      out.push(r);
    }
    return out;
  });

  return {
    async list(accountId, filter, paging) {
      let where = 'a.account_id = ?';
      const args: (number | string)[] = [accountId];
      if (filter?.type === 'Process') {
        where += ` AND a.type = 'Process' AND a.target_id LIKE ?`;
        args.push(`${filter.serverId},${filter.pid},${filter.creationTime},%`);
      } else if (filter) {
        where += ' AND a.type = ? AND a.target_id = ?';
        args.push(filter.type, String(filter.targetId));
      }
      const total = db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM alerts a WHERE ${where}`).get(...args)!.n;
      const rows = db
        .prepare<unknown[], AlertRow>(`${SELECT} WHERE ${where} ORDER BY a.id LIMIT ? OFFSET ?`)
        .all(...args, paging.limit, paging.page * paging.limit);
      return { total, items: rows.map(toRecord) };
    },
    async get(accountId, id) {
      const row = byId.get(accountId, id);
      return row ? toRecord(row) : null;
    },
    async create(accountId, values, now) {
      const id = insert(accountId, values, now);
      return toRecord(byId.get(accountId, id)!);
    },
    async update(accountId, id, patch) {
      return updateOne(accountId, id, patch);
    },
    async updateMany(accountId, changes) {
      try {
        return updateAll(accountId, changes);
      } catch (e) {
        if (e instanceof MissingAlert) return null;
        throw e;
      }
    },
    async delete(accountId, id) {
      return db.prepare('DELETE FROM alerts WHERE account_id = ? AND id = ?').run(accountId, id).changes > 0;
    },
    async closeIncident(accountId, alertId, end, callbacks) {
      return incidentWriter(db).endAll.immediate(accountId, alertId, { kind: 'end', minute: end, callbacks }, Date.now());
    },
    async setIncident(accountId, alertId, inIncident, lastTriggered) {
      const r =
        lastTriggered === undefined
          ? db.prepare('UPDATE alerts SET in_incident = ? WHERE account_id = ? AND id = ?').run(inIncident ? 1 : 0, accountId, alertId)
          : db
              .prepare('UPDATE alerts SET in_incident = ?, last_triggered = ? WHERE account_id = ? AND id = ?')
              .run(inIncident ? 1 : 0, lastTriggered, accountId, alertId);
      return r.changes > 0;
    },
    async listActive(accountId) {
      return db.prepare<[number], AlertRow>(`${SELECT} WHERE a.account_id = ? AND a.active = 1 ORDER BY a.id`).all(accountId).map(toRecord);
    },
    async listAllActive() {
      return db.prepare<[], AlertRow>(`${SELECT} WHERE a.active = 1 ORDER BY a.account_id, a.id`).all().map(toRecord);
    },
    async targetFacts(accountId, type, targetId) {
      return alertTargetFacts(db, accountId, type, targetId);
    },
    async userProfiles(accountId) {
      return db.prepare<[number], { id: number; email: string }>('SELECT id, email FROM users WHERE account_id = ? ORDER BY id').all(accountId);
    },
  };
}
