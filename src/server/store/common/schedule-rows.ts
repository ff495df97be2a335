import { z } from 'zod';
import { rotation, schedulePaths, type Rotation, type Schedule, type ScheduleOverride } from '../../../shared/schedules';

/** A schedules row as both stores select it; rotations are JSON text (SQLite) or parsed jsonb (PostgreSQL). */
export interface ScheduleRow {
  id: number;
  name: string;
  time_zone: string;
  rotations: unknown;
  created: number;
}

export interface OverrideRow {
  id: number;
  schedule_id: number;
  user_id: number;
  start: number;
  end: number;
  created_by: number | null;
  created: number;
}

export const SCHEDULE_COLS = 'id, name, time_zone, rotations, created';
export const OVERRIDE_COLS = 'id, schedule_id, user_id, start, "end", created_by, created';

const rotations = z.array(rotation);

/** Rotations as stored; a row that no longer parses reads as no rotation rather than failing the read. */
function parseRotations(v: unknown): Rotation[] {
  let value = v;
  if (typeof v === 'string') {
    try {
      value = JSON.parse(v);
    } catch {
      return [];
    }
  }
  const r = rotations.safeParse(value);
  return r.success ? r.data : [];
}

export const toOverride = (r: OverrideRow): ScheduleOverride => ({
  id: r.id,
  user_id: r.user_id,
  start: r.start,
  end: r.end,
  created_by: r.created_by,
  created: r.created,
});

export const toSchedule = (r: ScheduleRow, overrides: OverrideRow[]): Schedule => ({
  id: r.id,
  name: r.name,
  time_zone: r.time_zone,
  rotations: parseRotations(r.rotations),
  overrides: overrides.filter((o) => o.schedule_id === r.id).map(toOverride),
  created: r.created,
  url: schedulePaths.item(r.id),
});

/**
 * The rotations of a schedule once `userId` is gone: the user leaves every rotation, and a rotation
 * left with nobody is dropped. null when the user was in none (nothing to write).
 */
export function rotationsWithout(stored: unknown, userId: number): Rotation[] | null {
  const before = parseRotations(stored);
  if (!before.some((r) => r.users.includes(userId))) return null;
  return before.map((r) => ({ ...r, users: r.users.filter((u) => u !== userId) })).filter((r) => r.users.length > 0);
}
