import { isManager, type Actor } from '../../shared/access';
import { shiftAt } from '../../shared/schedule-shifts';
import { SHIFTS_RANGE_MAX_DAYS, type OnCallAnswer, type OverrideInput, type Schedule, type ScheduleInput } from '../../shared/schedules';
import type { Store } from '../store/store';
import { forbidden, invalid } from './errors';

/** Name and e-mail of people a schedule names, for answers the dashboard shows. */
export type Person = OnCallAnswer['users'][number];

/** Every user a schedule's rotations name must be a user of the account (another account's ids included). */
export async function checkRotationUsers(store: Store, accountId: number, input: ScheduleInput): Promise<void> {
  for (const [i, r] of input.rotations.entries()) {
    const missing = await store.users.missing(accountId, [...new Set(r.users)]);
    if (missing.length) throw invalid(`rotations[${i}].users: no user with id ${missing.join(', ')}`, 'rotations');
  }
}

/**
 * Who may make an override for whom: Managers and the owner for anyone of the account; a Regular user
 * only for themselves ("take this shift"). The user must be of the account.
 */
export async function checkOverride(store: Store, accountId: number, actor: Actor, input: OverrideInput): Promise<void> {
  if (!isManager(actor) && input.user_id !== actor.id) throw forbidden('a Regular user makes overrides only for themselves');
  if ((await store.users.missing(accountId, [input.user_id])).length) throw invalid(`user_id: no user with id ${input.user_id}`, 'user_id');
}

/** A Regular user removes only overrides that put themselves on call. */
export function checkOverrideRemoval(actor: Actor, schedule: Schedule, overrideId: number): void {
  const o = schedule.overrides.find((x) => x.id === overrideId);
  if (o && !isManager(actor) && o.user_id !== actor.id) throw forbidden('a Regular user removes only their own overrides');
}

/** People by id; ids of users gone since read as "user <id>". */
export async function peopleOf(store: Store, accountId: number, ids: number[]): Promise<Person[]> {
  const unique = [...new Set(ids)];
  const users = await Promise.all(unique.map((id) => store.users.get(accountId, id)));
  return unique.map((id, i) => {
    const u = users[i];
    return u ? { id, name: `${u.first_name} ${u.last_name}`.trim() || u.email, email: u.email } : { id, name: `user ${id}`, email: '' };
  });
}

/** Who is on call at `at`, and until when (looked for up to the shifts range, 62 days, ahead). */
export async function onCall(store: Store, accountId: number, schedule: Schedule, at: number): Promise<OnCallAnswer> {
  const s = shiftAt(schedule, at, SHIFTS_RANGE_MAX_DAYS * 86400);
  return {
    schedule_id: schedule.id,
    time: at,
    users: s ? await peopleOf(store, accountId, [s.user_id]) : [],
    until: s ? s.end : null,
    layer: s ? s.layer : null,
  };
}
