import { z } from 'zod';
import { userProfile } from './users';

/** POST /session/: the e-mail and API key of a user profile (or of the account). */
export const sessionCreate = z.object({
  email: z.string({ error: 'email is required' }).trim().min(1, { error: 'email is required' }).max(254, { error: 'email must be at most 254 characters' }),
  api_key: z.string({ error: 'api_key is required' }).min(1, { error: 'api_key is required' }).max(200, { error: 'api_key must be at most 200 characters' }),
});

/** POST and GET /session/: who is signed in and the token every cookie-authenticated write must send. */
export const sessionAnswer = z.object({ user: userProfile, csrf_token: z.string() });
export type SessionAnswer = z.infer<typeof sessionAnswer>;

/** The header that carries the session's CSRF token on writes. */
export const CSRF_HEADER = 'x-csrf-token';

/** The session cookie's name. */
export const SESSION_COOKIE = 'fw_session';
