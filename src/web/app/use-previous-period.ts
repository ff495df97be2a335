import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { parsePreviousPeriod, previousWindow, type PreviousPeriod } from '../components/charts/previous-period';
import type { Window } from '../lib/time-range';

/**
 * The previous period the page's charts overlay (`?overlay=day|week`), in the URL with the rest of the
 * view so a shared link shows the same comparison. A switch replaces the history entry (no Back step).
 */
export function usePreviousPeriodParam() {
  const [params, setParams] = useSearchParams();
  const period = parsePreviousPeriod(params.get('overlay'));
  const setPeriod = useCallback(
    (p: PreviousPeriod | null) => setParams((q) => (p === null ? q.delete('overlay') : q.set('overlay', p), q), { replace: true }),
    [setParams],
  );
  return { period, setPeriod };
}

type Rec = { time: number } & Record<string, unknown>;

/**
 * The `previous` prop of a chart grid: the switch from the URL and, while it is on, the records of
 * the same query over the window moved back by the period (`options` builds the page's own query).
 */
export function usePreviousRecords<K extends QueryKey>(window: Window, options: (w: Window) => UseQueryOptions<Rec[], Error, Rec[], K>) {
  const { period, setPeriod } = usePreviousPeriodParam();
  const q = useQuery({ ...options(previousWindow(window, period ?? 'day')), enabled: period !== null });
  return { period, onChange: setPeriod, records: q.data };
}
