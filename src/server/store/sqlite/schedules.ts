import type { ScheduleRepo } from '../repos/schedules';
import { OVERRIDE_COLS, SCHEDULE_COLS, rotationsWithout, toOverride, toSchedule, type OverrideRow, type ScheduleRow } from '../common/schedule-rows';
import type { Db } from './db';

export function sqliteSchedules(db: Db): ScheduleRepo {
  const byId = db.prepare<[number, number], ScheduleRow>(`SELECT ${SCHEDULE_COLS} FROM schedules WHERE account_id = ? AND id = ?`);
  const overridesOf = db.prepare<[number, string], OverrideRow>(
    `SELECT ${OVERRIDE_COLS} FROM schedule_overrides WHERE account_id = ? AND schedule_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  );
  const withOverrides = (accountId: number, rows: ScheduleRow[]) => {
    const overrides = rows.length ? overridesOf.all(accountId, JSON.stringify(rows.map((r) => r.id))) : [];
    return rows.map((r) => toSchedule(r, overrides));
  };
  const read = (accountId: number, id: number) => {
    const r = byId.get(accountId, id);
    return r ? withOverrides(accountId, [r])[0]! : null;
  };

  return {
    async list(accountId, paging) {
      const total = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM schedules WHERE account_id = ?').get(accountId)!.n;
      const rows = db
        .prepare<[number, number, number], ScheduleRow>(`SELECT ${SCHEDULE_COLS} FROM schedules WHERE account_id = ? ORDER BY id LIMIT ? OFFSET ?`)
        .all(accountId, paging.limit, paging.page * paging.limit);
      return { total, items: withOverrides(accountId, rows) };
    },
    async get(accountId, id) {
      return read(accountId, id);
    },
    async create(accountId, input, created) {
      const id = Number(
        db
          .prepare('INSERT INTO schedules (account_id, name, time_zone, rotations, created) VALUES (?, ?, ?, ?, ?)')
          .run(accountId, input.name, input.time_zone, JSON.stringify(input.rotations), created).lastInsertRowid,
      );
      return read(accountId, id)!;
    },
    async update(accountId, id, input) {
      const changed = db
        .prepare('UPDATE schedules SET name = ?, time_zone = ?, rotations = ? WHERE account_id = ? AND id = ?')
        .run(input.name, input.time_zone, JSON.stringify(input.rotations), accountId, id).changes;
      return changed ? read(accountId, id) : null;
    },
    async remove(accountId, id) {
      return db.transaction(() => {
        db.prepare('DELETE FROM schedule_overrides WHERE account_id = ? AND schedule_id = ?').run(accountId, id);
        return db.prepare('DELETE FROM schedules WHERE account_id = ? AND id = ?').run(accountId, id).changes > 0;
      })();
    },
    async addOverride(accountId, scheduleId, input, created) {
      if (!byId.get(accountId, scheduleId)) return null;
      const row = db
        .prepare<unknown[], OverrideRow>(
          `INSERT INTO schedule_overrides (account_id, schedule_id, user_id, start, "end", created_by, created)
           VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${OVERRIDE_COLS}`,
        )
        .get(accountId, scheduleId, input.user_id, input.start, input.end, input.created_by, created)!;
      return toOverride(row);
    },
    async removeOverride(accountId, scheduleId, overrideId) {
      return (
        db.prepare('DELETE FROM schedule_overrides WHERE account_id = ? AND schedule_id = ? AND id = ?').run(accountId, scheduleId, overrideId).changes > 0
      );
    },
  };
}

/**
 * A deleted user leaves every rotation of the account (a rotation left empty is dropped) and their
 * overrides go; overrides they made for others stay, made by nobody known. Runs inside the deleting
 * transaction.
 */
export function removeUserFromSchedules(db: Db, accountId: number, userId: number): void {
  db.prepare('DELETE FROM schedule_overrides WHERE account_id = ? AND user_id = ?').run(accountId, userId);
  db.prepare('UPDATE schedule_overrides SET created_by = NULL WHERE account_id = ? AND created_by = ?').run(accountId, userId);
  const write = db.prepare('UPDATE schedules SET rotations = ? WHERE account_id = ? AND id = ?');
  for (const s of db.prepare<[number], { id: number; rotations: string }>('SELECT id, rotations FROM schedules WHERE account_id = ?').all(accountId)) {
    const left = rotationsWithout(s.rotations, userId);
    if (left) write.run(JSON.stringify(left), accountId, s.id);
  }
}
