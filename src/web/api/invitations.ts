import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invitationAccepted, invitationItem, invitationPreview } from '../../shared/invitations';
import { api, fetchAllPages, resultBody } from './client';
import { userKeys } from './users';

/** What the invite form sends (as typed; the service checks it with the shared schema). */
export interface InviteFormInput {
  first_name: string;
  last_name: string;
  email: string;
  /** "2" Manager or "3" Regular. */
  role: string;
}

/** What the invitee's page sends: their name, and a phone only if they want SMS. */
export interface AcceptFormInput {
  first_name: string;
  last_name: string;
  country_code: string;
  phone_number: string;
}

const acceptPath = (token: string) => `/invitations/accept/${encodeURIComponent(token)}/`;

export const invitationKeys = {
  all: ['invitations'] as const,
  pending: () => [...invitationKeys.all, 'pending'] as const,
  // The link's page: keyed by the token, never refetched (a used link no longer answers).
  link: (token: string) => ['invitation_link', token] as const,
};

export const invitationQueries = {
  pending: () => queryOptions({ queryKey: invitationKeys.pending(), queryFn: ({ signal }) => fetchAllPages('/invitations', invitationItem, {}, 5, signal) }),
  link: (token: string) =>
    queryOptions({ queryKey: invitationKeys.link(token), queryFn: ({ signal }) => api('GET', acceptPath(token), { schema: invitationPreview, quiet401: true, signal }), staleTime: Infinity, retry: false }),
};

/** The invitations still pending (Managers). */
export const usePendingInvitations = (enabled: boolean) => useQuery({ ...invitationQueries.pending(), enabled });

/** POST /invitations/: the service e-mails the link. */
export function useInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteFormInput) => api('POST', '/invitations/', { params: { ...input }, schema: invitationItem }),
    onSuccess: () => qc.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}

/** DELETE /invitations/{id}/: the link stops working. */
export function useWithdrawInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE', `/invitations/${id}/`, { schema: resultBody }),
    onSuccess: () => qc.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}

/** The invitation an e-mailed link names, read without a session (the link is the credential). */
export const useInvitationLink = (token: string) => useQuery(invitationQueries.link(token));

/** POST: accepts, once; the answer carries the new API key, the only time it is seen. */
export function useAcceptInvitation(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptFormInput) => api('POST', acceptPath(token), { params: { ...input }, schema: invitationAccepted, quiet401: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}
