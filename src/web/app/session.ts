import { isManager } from '../../shared/access';
import type { UserProfile } from '../../shared/users';

/**
 * The dashboard's session lives on the server behind an HttpOnly cookie (POST /session/), so new tabs
 * and shared links are signed in. What the page keeps is the session's CSRF token, in memory only:
 * every write carries it (X-CSRF-Token); a new tab gets it again from GET /session/.
 */
let csrf: string | null = null;

/** The CSRF token of the current session, or null when signed out (or not yet known). */
export const csrfToken = (): string | null => csrf;

/** Keeps the token of a session just read or created; null forgets it (signed out). */
export function setCsrfToken(token: string | null): void {
  csrf = token;
}

/** Managers and the account owner change configuration; Regular users only read it (shared/access.ts, as the service). */
export function canConfigure(u: Pick<UserProfile, 'role' | 'is_account_owner'> | null | undefined): boolean {
  return !!u && isManager(u);
}

/** Whether a method changes something, so needs the CSRF token. */
export const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD';
