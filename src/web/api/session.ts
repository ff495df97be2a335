import { z } from 'zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionAnswer, type SessionAnswer } from '../../shared/session';
import { setCsrfToken } from '../app/session';
import { api, ApiError } from './client';

export const sessionKeys = { current: ['session'] as const };

/** GET /session/: the signed-in user and the session's CSRF token, or null when there is no session. */
export async function readSession(signal?: AbortSignal): Promise<SessionAnswer | null> {
  try {
    const s = await api('GET', '/session/', { schema: sessionAnswer, quiet401: true, signal });
    setCsrfToken(s.csrf_token);
    return s;
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return (setCsrfToken(null), null);
    throw e;
  }
}

export const sessionQueries = {
  current: () => queryOptions({ queryKey: sessionKeys.current, queryFn: ({ signal }) => readSession(signal), staleTime: Infinity, retry: false }),
};

/** The session (null: signed out); the page waits for it once per tab. */
export const useSession = () => useQuery(sessionQueries.current());
/** The signed-in user, once the session is known. */
export const useMe = () => useSession().data?.user;

/** POST /session/: signs in with an e-mail and that user's (or the account's) API key; the cookie is set by the answer. */
export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: { email: string; api_key: string }) => api('POST', '/session/', { json: c, schema: sessionAnswer, quiet401: true }),
    onSuccess: (s) => {
      setCsrfToken(s.csrf_token);
      qc.setQueryData(sessionKeys.current, s);
    },
  });
}

/** DELETE /session/: ends the session on the server (the cookie is cleared), then forgets everything cached. */
export function useSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('DELETE', '/session/', { schema: z.unknown(), quiet401: true }).catch(() => null),
    onSettled: () => {
      setCsrfToken(null);
      qc.clear();
      qc.setQueryData(sessionKeys.current, null);
    },
  });
}
