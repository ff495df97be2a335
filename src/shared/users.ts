import { z } from 'zod';
import { EMAIL_MAX, isEmailAddress } from './email';
import { intParam, listFilter, textParam } from './params';
import { pagingQuery } from './paging';

/** Role levels of the spec; other values have no title. */
export const ROLE_MANAGER = 2;
export const ROLE_REGULAR = 3;

/** role_text of a role level: 2 Manager, 3 Regular, otherwise empty. */
export function roleText(role: number): string {
  if (role === ROLE_MANAGER) return 'Manager';
  if (role === ROLE_REGULAR) return 'Regular';
  return '';
}

/**
 * The nick name alerts use for a person: first name plus the initial of the last name, lowercase,
 * letters and digits only ("Ada Lovelace" -> "adal"); `user<id>` when nothing usable is left.
 */
export function nickName(firstName: string, lastName: string, id: number): string {
  const clean = (s: string) => s.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]/g, '');
  const nick = clean(firstName) + clean(lastName).slice(0, 1);
  return nick || `user${id}`;
}

/** A user profile as the API answers it. */
export const userProfile = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  nick_name: z.string(),
  country_code: z.number().int().nullable(),
  phone_number: z.number().int().nullable(),
  role: z.number().int(),
  role_text: z.string(),
  is_account_owner: z.boolean(),
  is_account_manager: z.boolean(),
  avatar_url: z.string(),
  url: z.string(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** GET /users/: P plus `email`, an exact, case-insensitive match; empty is no filter. */
export const userListQuery = pagingQuery.extend({ email: listFilter(z.string({ error: 'email must be text' })) });

const emailParam = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: 'email must be text' })
    .max(EMAIL_MAX, { error: `email must be at most ${EMAIL_MAX} characters` })
    .refine(isEmailAddress, { error: 'email must be a valid e-mail address' }),
);

/** The User profile fields the spec marks RO: a POST or PUT that sends one is refused. */
export const USER_READ_ONLY = ['id', 'nick_name', 'role', 'role_text', 'is_account_owner', 'is_account_manager', 'avatar_url', 'url'] as const;

/** POST /users/: every field is required (country code and phone number are needed for SMS). */
export const userCreate = z.object({
  first_name: textParam('first_name', 1, 30),
  last_name: textParam('last_name', 1, 30),
  email: emailParam,
  // E.164: a country code has 1-3 digits and a full number at most 15.
  country_code: intParam('country_code', { min: 1, max: 999 }),
  phone_number: intParam('phone_number', { min: 0, max: 999_999_999_999_999 }),
});
export type UserCreate = z.infer<typeof userCreate>;

/** PUT /users/{id}/: the creation parameters, each optional; only the given ones change. */
export const userUpdate = userCreate.partial();
export type UserUpdate = z.infer<typeof userUpdate>;
