import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { escalationPaths, escalationPolicyItem, type EscalationPolicyForm } from '../../shared/escalation-policies';
import { alertKeys } from './alerts';
import { api, fetchAllPages, resultBody } from './client';

export const escalationKeys = {
  all: ['escalation-policies'] as const,
  list: () => [...escalationKeys.all, 'list'] as const,
};

export const escalationQueries = {
  list: () => queryOptions({ queryKey: escalationKeys.list(), queryFn: ({ signal }) => fetchAllPages(escalationPaths.list, escalationPolicyItem, {}, 5, signal) }),
};

export const useEscalationPolicies = () => useQuery(escalationQueries.list());

/** POST a new policy (`id` null) or PUT policy `id` (the whole policy), as JSON: its steps are a list. */
export function useSaveEscalationPolicy(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: EscalationPolicyForm) => api(id === null ? 'POST' : 'PUT', id === null ? escalationPaths.list : escalationPaths.item(id), { json: input, schema: escalationPolicyItem }),
    onSuccess: () => qc.invalidateQueries({ queryKey: escalationKeys.all }),
  });
}

/** Deletes a policy; one an alert names is refused (409) with the alerts named. */
export function useDeleteEscalationPolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE', escalationPaths.item(id), { schema: resultBody }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: escalationKeys.all }), qc.invalidateQueries({ queryKey: alertKeys.all })]),
  });
}
