import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { userProfile, type UserProfile } from '../../shared/users';
import { api, fetchAllPages, resultBody } from './client';

/** What the user form sends (numbers as typed; the service parses them with the same schema). */
export interface UserFormInput {
  first_name: string;
  last_name: string;
  email: string;
  country_code: string;
  phone_number: string;
  /** On create only: "2" Manager or "3" Regular (a later change goes through PUT /users/{id}/role/). */
  role: string;
}

/** A created profile: the new user's API key comes with it, once. */
const createdUser = userProfile.extend({ api_key: z.string().optional() });
const keyBody = z.object({ api_key: z.string() });

/** A key to show once: whose, and the key. */
export interface ShownKey {
  email: string;
  apiKey: string;
}

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
};

export const userQueries = {
  list: () => queryOptions({ queryKey: userKeys.list(), queryFn: ({ signal }) => fetchAllPages('/users', userProfile, {}, 10, signal), staleTime: 60_000 }),
};

export const useUsers = () => useQuery(userQueries.list());

/** A user as people name them: first and last name, else the e-mail address. */
export const userName = (u: Pick<UserProfile, 'first_name' | 'last_name' | 'email'>) => `${u.first_name} ${u.last_name}`.trim() || u.email;
const toNames = (list: UserProfile[]): ReadonlyMap<number, string> => new Map(list.map((u) => [u.id, userName(u)]));
/** The account's users' names by id (who acknowledged, who wrote a note). */
export const useUserNames = () => useQuery({ ...userQueries.list(), select: toNames });

/** POST /users/ or PUT /users/{id}/; a created user's key goes to `onKey` (the answer is the only time it is seen). */
export function useSaveUser(id: number | null, onKey?: (k: ShownKey) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<UserFormInput>) => api(id === null ? 'POST' : 'PUT', id === null ? '/users/' : `/users/${id}/`, { params: { ...input }, schema: createdUser }),
    onSuccess: (u) => {
      if (u.api_key) onKey?.({ email: u.email, apiKey: u.api_key });
      return qc.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE', `/users/${id}/`, { schema: resultBody }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** POST /users/{id}/api_key/: a new key (the old one stops working at once), shown to `onKey`. */
export function useRotateKey(onKey: (k: ShownKey) => void) {
  return useMutation({
    mutationFn: async (u: { id: number; email: string }) => ({ email: u.email, apiKey: (await api('POST', `/users/${u.id}/api_key/`, { schema: keyBody })).api_key }),
    onSuccess: onKey,
  });
}

/** DELETE /users/{id}/api_key/: the user can no longer sign in with a key until a new one is made. */
export function useRevokeKey() {
  return useMutation({ mutationFn: (id: number) => api('DELETE', `/users/${id}/api_key/`, { schema: resultBody }) });
}

/** PUT /users/{id}/role/ with role 2 (Manager) or 3 (Regular). */
export function useSetRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; role: number }) => api('PUT', `/users/${v.id}/role/`, { params: { role: v.role }, schema: z.unknown() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}
