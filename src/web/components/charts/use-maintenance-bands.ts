import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { incidentQueries, useMaintenance } from '../../api/incidents';
import { serverTagQueries } from '../../api/server-tags';
import { bandsIn, type Band } from './chart-marks';
import { maintenanceSpans, type MaintenanceSpan } from './maintenance-spans';

const byId = (items: readonly { id: number; servers: number[] }[] | undefined) => new Map((items ?? []).map((i) => [i.id, i.servers]));

/** Every maintenance span in the range (recurring windows' occurrences included), with the servers it covers. */
export function useMaintenanceSpans(w: { from: number; to: number }): MaintenanceSpan[] {
  const maint = useMaintenance();
  // Tags and sets are fetched only when a window is scoped by them.
  const tags = useQuery({ ...serverTagQueries.list(), enabled: !!maint.data?.some((m) => m.server_tags.length) });
  const sets = useQuery({ ...incidentQueries.sets(), enabled: !!maint.data?.some((m) => m.server_sets.length) });
  return useMemo(
    () => maintenanceSpans(maint.data ?? [], w, { tags: byId(tags.data), sets: byId(sets.data) }),
    [maint.data, tags.data, sets.data, w],
  );
}

/** Maintenance windows covering any of `serverIds` inside the window, as chart bands. */
export function useMaintenanceBands(w: { from: number; to: number }, serverIds: readonly number[]): Band[] {
  const spans = useMaintenanceSpans(w);
  const key = serverIds.join(',');
  return useMemo(() => bandsIn(spans, w, key ? key.split(',').map(Number) : []), [spans, w, key]);
}
