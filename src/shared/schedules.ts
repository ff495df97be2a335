import { IANAZone } from 'luxon';
import { z } from 'zod';
import { epochParam, intParam, jsonListParam, textParam } from './params';

/**
 * On-call schedules (issue 19, extension under /api/v5/schedules/): rotations of users layered in
 * order (a later layer wins where it covers an instant) plus overrides on top of every layer. The
 * service's routes and the dashboard both read these schemas; the maths is in schedule-shifts.ts.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Most users one rotation cycles through, most rotations (layers) of one schedule. */
export const ROTATION_USERS_MAX = 50;
export const ROTATIONS_MAX = 10;
/** Longest override (a year and a day) and longest shift length a rotation may have. */
export const OVERRIDE_MAX_SECONDS = 366 * 86400;
export const LENGTH_COUNT_MAX = 52;
/** Widest range `.../shifts/` answers (a two-month calendar). */
export const SHIFTS_RANGE_MAX_DAYS = 62;

const WALL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A wall-clock time "HH:MM" (00:00-23:59) in the schedule's zone. */
export const wallTimeParam = (field: string) =>
  z.string({ error: `${field} must be a time HH:MM` }).regex(WALL_TIME, { error: `${field} must be a time HH:MM (00:00-23:59)` });

/** Whether luxon (and so Intl) knows the IANA zone name. */
export const isValidTimeZone = (zone: string) => zone.length <= 64 && IANAZone.isValidZone(zone);

export const timeZoneParam = (field: string) =>
  z.string({ error: `${field} must be an IANA time zone such as Europe/Berlin` }).refine(isValidTimeZone, {
    error: (i) => `${field}: unknown time zone ${JSON.stringify(i.input)} (an IANA name such as Europe/Berlin)`,
  });

/** How long each user's turn lasts: N days or N weeks. */
export const rotationLength = z.object({
  unit: z.enum(['day', 'week'], { error: 'length.unit must be day or week' }),
  count: intParam('length.count', { min: 1, max: LENGTH_COUNT_MAX }),
});
export type RotationLength = z.infer<typeof rotationLength>;

/**
 * When a layer applies. Weekdays: the days a window opens on (all when absent). Hours: the window's
 * wall-time span from `from` to `to`; `to` at or before `from` crosses midnight into the next day
 * (so fri 18:00-08:00 covers Friday evening to Saturday morning). No hours: the whole day.
 */
export const rotationRestriction = z.object({
  weekdays: z
    .array(z.enum(WEEKDAYS, { error: `restriction.weekdays must list days among ${WEEKDAYS.join(', ')}` }))
    .min(1, { error: 'restriction.weekdays must list at least one day' })
    .refine((d) => new Set(d).size === d.length, { error: 'restriction.weekdays must not repeat a day' })
    .optional(),
  hours: z.object({ from: wallTimeParam('restriction.hours.from'), to: wallTimeParam('restriction.hours.to') }).optional(),
});
export type RotationRestriction = z.infer<typeof rotationRestriction>;

/** One layer: users take turns of `length`, starting at `start`, handing off at `handoff_time` local time. */
export const rotation = z.object({
  name: z.string({ error: 'name must be text' }).trim().max(100, { error: 'name must be at most 100 characters' }).default(''),
  users: z
    .array(intParam('each user id', { min: 1 }), { error: 'users must be a list of user ids' })
    .min(1, { error: 'users must list at least one user' })
    .max(ROTATION_USERS_MAX, { error: `users must list at most ${ROTATION_USERS_MAX} users` }),
  /** Epoch seconds: the first user's first shift begins here; nobody is on call on this layer before. */
  start: epochParam('start'),
  handoff_time: wallTimeParam('handoff_time'),
  length: rotationLength,
  restriction: rotationRestriction.nullable().default(null),
});
export type Rotation = z.infer<typeof rotation>;

/** An override: this user is on call from start to end, above every layer. */
export const scheduleOverride = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  start: z.number().int(),
  end: z.number().int(),
  /** Who made it (null once that user is gone). */
  created_by: z.number().int().nullable(),
  created: z.number().int(),
});
export type ScheduleOverride = z.infer<typeof scheduleOverride>;

export const scheduleItem = z.object({
  id: z.number().int(),
  name: z.string(),
  time_zone: z.string(),
  /** Layers in order: a later rotation wins over an earlier one where both cover an instant. */
  rotations: z.array(rotation),
  overrides: z.array(scheduleOverride),
  created: z.number().int(),
  url: z.string(),
});
export type Schedule = z.infer<typeof scheduleItem>;

/** Create and update (PUT replaces name, zone and rotations; overrides stay). Rotations may come as JSON text in a form. */
export const scheduleInput = z.object({
  name: textParam('name', 1, 100),
  time_zone: timeZoneParam('time_zone'),
  rotations: jsonListParam('rotations', rotation)
    .refine((r) => r.length >= 1, { error: 'rotations must list at least one rotation' })
    .refine((r) => r.length <= ROTATIONS_MAX, { error: `rotations must list at most ${ROTATIONS_MAX} rotations` }),
});
export type ScheduleInput = z.infer<typeof scheduleInput>;

export const overrideInput = z
  .object({
    user_id: intParam('user_id', { min: 1 }),
    start: epochParam('start'),
    end: epochParam('end'),
  })
  .superRefine((o, ctx) => {
    if (o.end <= o.start) ctx.addIssue({ code: 'custom', message: 'end must be after start', path: ['end'] });
    else if (o.end - o.start > OVERRIDE_MAX_SECONDS) ctx.addIssue({ code: 'custom', message: 'an override must last at most 366 days', path: ['end'] });
  });
export type OverrideInput = z.infer<typeof overrideInput>;

/** Who is on call, as `.../on_call/` answers it. */
export const onCallUser = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export const onCallAnswer = z.object({
  schedule_id: z.number().int(),
  time: z.number().int(),
  users: z.array(onCallUser),
  /** When the current person's turn ends (within the next 62 days), null when nobody is on call or later. */
  until: z.number().int().nullable(),
  layer: z.union([z.number().int(), z.literal('override')]).nullable(),
});
export type OnCallAnswer = z.infer<typeof onCallAnswer>;

export const onCallQuery = z.object({ time: epochParam('time').optional() });

/** A resolved shift: one person on call over [start, end), from rotation `layer` or an override. */
export const shift = z.object({
  user_id: z.number().int(),
  start: z.number().int(),
  end: z.number().int(),
  layer: z.union([z.number().int(), z.literal('override')]),
});
export type Shift = z.infer<typeof shift>;
/** The shifts, and the people they name (so a calendar labels them without reading the users). */
export const shiftsAnswer = z.object({ data: z.array(shift), users: z.array(onCallUser) });

export const shiftsQuery = z
  .object({ start: epochParam('start'), end: epochParam('end') })
  .superRefine((q, ctx) => {
    if (q.end <= q.start) ctx.addIssue({ code: 'custom', message: 'end must be after start', path: ['end'] });
    else if (q.end - q.start > SHIFTS_RANGE_MAX_DAYS * 86400)
      ctx.addIssue({ code: 'custom', message: `the range must be at most ${SHIFTS_RANGE_MAX_DAYS} days`, path: ['end'] });
  });

export const schedulePaths = {
  list: () => '/api/v5/schedules/',
  item: (id: number) => `/api/v5/schedules/${id}/`,
  onCall: (id: number) => `/api/v5/schedules/${id}/on_call/`,
  shifts: (id: number) => `/api/v5/schedules/${id}/shifts/`,
  overrides: (id: number) => `/api/v5/schedules/${id}/overrides/`,
  override: (id: number, oid: number) => `/api/v5/schedules/${id}/overrides/${oid}/`,
};
