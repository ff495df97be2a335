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

/** The profile fields of the spec, each checked as POST /users/ checks it. */
export const userFields = z.object({
  first_name: textParam('first_name', 1, 30),
  last_name: textParam('last_name', 1, 30),
  email: emailParam,
  // E.164: a country code has 1-3 digits and a full number at most 15.
  country_code: intParam('country_code', { min: 1, max: 999 }),
  phone_number: intParam('phone_number', { min: 0, max: 999_999_999_999_999 }),
});

/** A role a profile may be given: 2 Manager or 3 Regular (the owner's role never changes). */
export const roleParam = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.union([z.literal(ROLE_MANAGER), z.literal(ROLE_REGULAR)], { error: 'role must be 2 (Manager) or 3 (Regular)' }),
);

/**
 * POST /users/: every spec field is required (country code and phone number are needed for SMS);
 * `role` is an extension (default 3, Regular).
 */
export const userCreate = userFields.extend({ role: roleParam.optional() });
export type UserCreate = z.infer<typeof userCreate>;

/** The RO fields refused on create: `role` may be set there (an extension), never by PUT. */
export const USER_CREATE_READ_ONLY = USER_READ_ONLY.filter((f) => f !== 'role');

/** PUT/PATCH /users/{id}/: the creation parameters but role, each optional; only the given ones change. */
export const userUpdate = userFields.partial();
export type UserUpdate = z.infer<typeof userUpdate>;

/** PUT /users/{id}/role/. */
export const userRoleInput = z.object({ role: roleParam });

/** POST /users/: the profile plus its API key, shown this once. */
export const userCreated = userProfile.extend({ api_key: z.string() });

/** POST /users/{id}/api_key/: the new key, shown this once. */
export const apiKeyAnswer = z.object({ api_key: z.string() });
