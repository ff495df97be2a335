import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ackTokenInfo, incidentPaths } from '../../shared/incident-response';
import { api } from './client';

// The acknowledge link of an e-mail works without a session: the token is the credential. A 401 here
// is an answer to show, never a reason to send the visitor to sign-in (quiet401).
export const ackTokenKeys = { info: (token: string) => ['ack_token', token] as const };

export const ackTokenQueries = {
  /** GET: what the token names; it changes nothing (mail scanners prefetch links). */
  info: (token: string) =>
    queryOptions({ queryKey: ackTokenKeys.info(token), queryFn: ({ signal }) => api('GET', incidentPaths.ackToken(token), { schema: ackTokenInfo, quiet401: true, signal }), staleTime: Infinity }),
};

export const useAckToken = (token: string) => useQuery(ackTokenQueries.info(token));

/**
 * POST: acknowledges the incident, once. The contract names no answer, so it is only checked to be
 * JSON; the token's info is not read again (a used token may no longer answer it).
 */
export function useConfirmAckToken(token: string) {
  return useMutation({ mutationFn: () => api('POST', incidentPaths.ackToken(token), { schema: z.unknown(), quiet401: true }) });
}
