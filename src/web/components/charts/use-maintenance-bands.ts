import { useMemo } from 'react';
import { useMaintenance } from '../../api/incidents';
import { bandsIn, type Band } from './chart-marks';

/** Maintenance windows covering any of `serverIds` inside the window, as chart bands. */
export function useMaintenanceBands(w: { from: number; to: number }, serverIds: readonly number[]): Band[] {
  const maint = useMaintenance();
  const key = serverIds.join(',');
  return useMemo(() => bandsIn(maint.data ?? [], w, key ? key.split(',').map(Number) : []), [maint.data, w, key]);
}
