import type { UserProfile } from '../../../shared/users';
import type { UserFormInput } from '../../api/users';

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The form's values for a profile (numbers as text), or blank for a new user. */
export function userFormOf(u: UserProfile | undefined): UserFormInput {
  return { first_name: u?.first_name ?? '', last_name: u?.last_name ?? '', email: u?.email ?? '', country_code: text(u?.country_code), phone_number: text(u?.phone_number) };
}

/**
 * What the save sends: everything on create; on update only the fields that changed, and never an
 * emptied one (a phone number cannot be removed, so an emptied field is left as it was).
 */
export function userInput(v: UserFormInput, initial: UserFormInput, creating: boolean): Partial<UserFormInput> {
  if (creating) return v;
  return Object.fromEntries(Object.entries(v).filter(([k, x]) => x !== initial[k as keyof UserFormInput] && x.trim() !== ''));
}

/** "First Last": how rows, buttons and questions name a user. */
export const fullName = (u: Pick<UserProfile, 'first_name' | 'last_name'>) => `${u.first_name} ${u.last_name}`;

/** `+44 7700900123`, or a dash when the profile has no phone number. */
export const phoneText = (u: Pick<UserProfile, 'country_code' | 'phone_number'>) => (u.phone_number === null ? '–' : `+${u.country_code ?? ''} ${u.phone_number}`);
