import { z } from 'zod';
import { ROLE_MANAGER, ROLE_REGULAR, roleText, userCreate, userUpdate, type UserProfile } from '../../../shared/users';
import type { UserFormInput } from '../../api/users';

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The form's values for a profile (numbers as text), or blank for a new user (a Regular one). */
export function userFormOf(u: UserProfile | undefined): UserFormInput {
  return {
    first_name: u?.first_name ?? '',
    last_name: u?.last_name ?? '',
    email: u?.email ?? '',
    country_code: text(u?.country_code),
    phone_number: text(u?.phone_number),
    role: String(u?.role ?? ROLE_REGULAR),
  };
}


/**
 * What the save sends. On create: everything (the API requires the phone: the spec makes it a
 * required field of a new profile, for SMS).
 * On update: only the fields that changed, never an emptied one (a phone number cannot be removed),
 * and never the role (it changes through its own action).
 */
export function userInput(v: UserFormInput, initial: UserFormInput, creating: boolean): Partial<UserFormInput> {
  if (creating) return { ...v };
  return Object.fromEntries(Object.entries(v).filter(([k, x]) => k !== 'role' && x !== initial[k as keyof UserFormInput] && x.trim() !== ''));
}

/** The form's checks: the service's, and the role a choice of the two. */
export const userCreateForm = userCreate.extend({
  role: z.enum([String(ROLE_MANAGER), String(ROLE_REGULAR)], { error: 'role must be Manager or Regular' }).optional(),
});
export const userFormSchema = (creating: boolean) => (creating ? userCreateForm : userUpdate);

/** The form's labels of the API's field names. */
export const USER_LABELS: Record<keyof UserFormInput, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'E-mail address',
  country_code: 'Country code',
  phone_number: 'Phone number',
  role: 'Role',
};

/**
 * A message of the service (or of the shared schema) in the form's words: the field called by its
 * label ("country_code must be an integer" -> "Country code must be a whole number").
 */
export function humanMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  let m = message.replace(/must be an integer/g, 'must be a whole number');
  if (/^email must be a valid e-mail address$/.test(m)) return 'Enter a valid e-mail address, like name@example.com';
  for (const [field, label] of Object.entries(USER_LABELS)) {
    if (m.startsWith(`${field} `)) m = label + m.slice(field.length);
    m = m.replace(new RegExp(`\\b${field}\\b`, 'g'), label.toLowerCase());
  }
  return m;
}

/** "First Last": how rows, buttons and questions name a user. */
export const fullName = (u: Pick<UserProfile, 'first_name' | 'last_name'>) => `${u.first_name} ${u.last_name}`;

/** `+44 7700900123`, or a dash when the profile has no phone number. */
export const phoneText = (u: Pick<UserProfile, 'country_code' | 'phone_number'>) => (u.phone_number === null ? '–' : `+${u.country_code ?? ''} ${u.phone_number}`);

/** The role as a person reads it. */
export const roleName = (u: Pick<UserProfile, 'is_account_owner' | 'role' | 'role_text'>) => (u.is_account_owner ? 'Account owner' : u.role_text || roleText(u.role) || '–');
