import type { ScheduleRepo } from '../repos/schedules';
import { OVERRIDE_COLS, SCHEDULE_COLS, rotationsWithout, toOverride, toSchedule, type OverrideRow, type ScheduleRow } from '../common/schedule-rows';
import type { Pg, Sql } from './db';

export function pgSchedules(pg: Pg): ScheduleRepo {
  const withOverrides = async (accountId: number, rows: ScheduleRow[]) => {
    const overrides = rows.length
      ? await pg.rows<OverrideRow>(`SELECT ${OVERRIDE_COLS} FROM schedule_overrides WHERE account_id = $1 AND schedule_id = ANY($2::bigint[]) ORDER BY id`, [
          accountId,
          rows.map((r) => r.id),
        ])
      : [];
    return rows.map((r) => toSchedule(r, overrides));
  };
  const read = async (accountId: number, id: number) => {
    const r = await pg.row<ScheduleRow>(`SELECT ${SCHEDULE_COLS} FROM schedules WHERE account_id = $1 AND id = $2`, [accountId, id]);
    return r ? (await withOverrides(accountId, [r]))[0]! : null;
  };
  const safe = (...ids: number[]) => ids.every((id) => Number.isSafeInteger(id));

  return {
    async list(accountId, paging) {
      const total = (await pg.row<{ n: number }>('SELECT COUNT(*) AS n FROM schedules WHERE account_id = $1', [accountId]))!.n;
      const rows = await pg.rows<ScheduleRow>(`SELECT ${SCHEDULE_COLS} FROM schedules WHERE account_id = $1 ORDER BY id LIMIT $2 OFFSET $3`, [
        accountId,
        paging.limit,
        paging.page * paging.limit,
      ]);
      return { total, items: await withOverrides(accountId, rows) };
    },
    async get(accountId, id) {
      return safe(id) ? read(accountId, id) : null;
    },
    async create(accountId, input, created) {
      const r = await pg.row<{ id: number }>(
        'INSERT INTO schedules (account_id, name, time_zone, rotations, created) VALUES ($1, $2, $3, $4::jsonb, $5) RETURNING id',
        [accountId, input.name, input.time_zone, JSON.stringify(input.rotations), created],
      );
      return (await read(accountId, r!.id))!;
    },
    async update(accountId, id, input) {
      if (!safe(id)) return null;
      const n = await pg.exec('UPDATE schedules SET name = $1, time_zone = $2, rotations = $3::jsonb WHERE account_id = $4 AND id = $5', [
        input.name,
        input.time_zone,
        JSON.stringify(input.rotations),
        accountId,
        id,
      ]);
      return n ? read(accountId, id) : null;
    },
    async remove(accountId, id) {
      // Overrides go by the foreign key's cascade.
      return safe(id) && (await pg.exec('DELETE FROM schedules WHERE account_id = $1 AND id = $2', [accountId, id])) > 0;
    },
    async addOverride(accountId, scheduleId, input, created) {
      if (!safe(scheduleId)) return null;
      const r = await pg.row<OverrideRow>(
        `INSERT INTO schedule_overrides (account_id, schedule_id, user_id, start, "end", created_by, created)
         SELECT $1, $2, $3, $4, $5, $6, $7 WHERE EXISTS (SELECT 1 FROM schedules WHERE account_id = $1 AND id = $2)
         RETURNING ${OVERRIDE_COLS}`,
        [accountId, scheduleId, input.user_id, input.start, input.end, input.created_by, created],
      );
      return r ? toOverride(r) : null;
    },
    async removeOverride(accountId, scheduleId, overrideId) {
      if (!safe(scheduleId, overrideId)) return false;
      return (await pg.exec('DELETE FROM schedule_overrides WHERE account_id = $1 AND schedule_id = $2 AND id = $3', [accountId, scheduleId, overrideId])) > 0;
    },
  };
}

/**
 * A deleted user leaves every rotation of the account (a rotation left empty is dropped) and their
 * overrides go; overrides they made for others stay, made by nobody known. Runs inside the deleting
 * transaction (the foreign key would cascade the overrides too; the DELETE keeps the two stores alike).
 */
export async function removeUserFromSchedules(sql: Sql, accountId: number, userId: number): Promise<void> {
  await sql.exec('DELETE FROM schedule_overrides WHERE account_id = $1 AND user_id = $2', [accountId, userId]);
  await sql.exec('UPDATE schedule_overrides SET created_by = NULL WHERE account_id = $1 AND created_by = $2', [accountId, userId]);
  for (const s of await sql.rows<{ id: number; rotations: unknown }>('SELECT id, rotations FROM schedules WHERE account_id = $1 FOR UPDATE', [accountId])) {
    const left = rotationsWithout(s.rotations, userId);
    if (left) await sql.exec('UPDATE schedules SET rotations = $1::jsonb WHERE account_id = $2 AND id = $3', [JSON.stringify(left), accountId, s.id]);
  }
}
