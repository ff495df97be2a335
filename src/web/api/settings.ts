import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { polledDataConfig } from '../../shared/polled-data-config';
import { transactionSettings, type TransactionSettingsUpdate } from '../../shared/transactions';
import { api } from './client';

/** What the polled-data config form sends (frequency as typed). */
export interface PolledConfigFormInput {
  file_path: string;
  file_contents: string;
  frequency: string;
}

export const settingsKeys = {
  transactions: ['transactions', 'settings'] as const,
  polledConfig: (serverId: number) => ['polled_data_config', serverId] as const,
};

export const settingsQueries = {
  transactions: () => queryOptions({ queryKey: settingsKeys.transactions, queryFn: ({ signal }) => api('GET', '/transactions/', { schema: transactionSettings, signal }) }),
  polledConfig: (serverId: number) =>
    queryOptions({
      queryKey: settingsKeys.polledConfig(serverId),
      queryFn: ({ signal }) => api('GET', `/servers/${serverId}/polled_data_config/`, { schema: polledDataConfig, signal }),
    }),
};

export const useTransactionSettings = () => useQuery(settingsQueries.transactions());
export const usePolledConfig = (serverId: number) => useQuery({ ...settingsQueries.polledConfig(serverId), enabled: serverId > 0 });

/** Turning transactions off removes the transaction logs, so their lists are refreshed too. */
export function useSetTransactions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: TransactionSettingsUpdate) => api('PUT', '/transactions/', { params: patch, schema: transactionSettings }),
    onSuccess: async (data) => {
      qc.setQueryData(settingsKeys.transactions, data);
      await qc.invalidateQueries({ queryKey: ['transactions'] });
      await qc.invalidateQueries({ queryKey: ['logs'] });
    },
  });
}

export function useSavePolledConfig(serverId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PolledConfigFormInput) => api('PUT', `/servers/${serverId}/polled_data_config/`, { params: { ...input }, schema: polledDataConfig }),
    onSuccess: (data) => qc.setQueryData(settingsKeys.polledConfig(serverId), data),
  });
}
