import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backtestAnswer } from '../../shared/alert-backtest';
import { alertBulkAnswer } from '../../shared/alert-bulk';
import type { AlertCreateInput } from '../../shared/alerts';
import { alertKeys } from './alerts';
import { api, type Params } from './client';

/** Backtests and bulk edits of alerts (POST /alerts/backtest, GET /alerts/{id}/backtest, POST /alerts/bulk). */
export const alertToolKeys = {
  all: ['alert-tools'] as const,
  backtest: (input: AlertCreateInput) => [...alertToolKeys.all, 'backtest', input] as const,
  bulkPreview: (params: Params) => [...alertToolKeys.all, 'bulk-preview', params] as const,
};

export const alertToolQueries = {
  /** How an alert typed in the form would have fired over the last 7 days (nothing stored). */
  backtest: (input: AlertCreateInput) =>
    queryOptions({
      queryKey: alertToolKeys.backtest(input),
      queryFn: ({ signal }) => api('POST', '/alerts/backtest/', { params: input as Params, schema: backtestAnswer, signal }),
      placeholderData: keepPreviousData,
      retry: false,
    }),
  /** The dry run of a bulk edit: each alert before and after, with its fires over 7 days. */
  bulkPreview: (params: Params) =>
    queryOptions({
      queryKey: alertToolKeys.bulkPreview(params),
      queryFn: ({ signal }) => api('POST', '/alerts/bulk/', { params: { ...params, dry_run: true }, schema: alertBulkAnswer, signal }),
      retry: false,
    }),
};

/** The backtest of a form, or nothing while the form is incomplete (null). */
export const useBacktest = (input: AlertCreateInput | null) => useQuery({ ...alertToolQueries.backtest(input ?? ({} as AlertCreateInput)), enabled: input !== null });

/** The preview of a bulk edit, fetched when asked (null: not asked yet). */
export const useBulkPreview = (params: Params | null) => useQuery({ ...alertToolQueries.bulkPreview(params ?? {}), enabled: params !== null });

/** Applies a bulk edit; every alert list and detail refreshes. */
export function useApplyBulk() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (params: Params) => api('POST', '/alerts/bulk/', { params: { ...params, dry_run: false }, schema: alertBulkAnswer }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: alertKeys.all }), qc.invalidateQueries({ queryKey: alertToolKeys.all })]),
  });
}
