import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userProfile } from '../../shared/users';
import { api, fetchAllPages, resultBody } from './client';

/** What the user form sends (numbers as typed; the service parses them with the same schema). */
export interface UserFormInput {
  first_name: string;
  last_name: string;
  email: string;
  country_code: string;
  phone_number: string;
}

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
};

export const userQueries = {
  list: () => queryOptions({ queryKey: userKeys.list(), queryFn: ({ signal }) => fetchAllPages('/users', userProfile, {}, 10, signal), staleTime: 60_000 }),
};

export const useUsers = () => useQuery(userQueries.list());

export function useSaveUser(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<UserFormInput>) => api(id === null ? 'POST' : 'PUT', id === null ? '/users/' : `/users/${id}/`, { params: { ...input }, schema: userProfile }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE', `/users/${id}/`, { schema: resultBody }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}
