import { useMemo } from 'react';
import { useAlertsLite, useHistories, useMaintenance } from '../../api/incidents';
import { bandsIn, markersIn } from '../../components/charts/chart-marks';
import type { Window } from '../../lib/time-range';

/** Maintenance bands covering the server and markers of incidents of alerts that target it. */
export function useServerMarks(serverId: number, w: Window) {
  const maint = useMaintenance();
  const hist = useHistories(w);
  const alerts = useAlertsLite();
  return useMemo(() => {
    const ids = new Set(
      (alerts.data ?? [])
        .filter((a) => (a.type === 'Server' || a.type === 'Process') && String(a.target_id ?? '').split('_')[0] === String(serverId))
        .map((a) => a.id),
    );
    return { bands: bandsIn(maint.data ?? [], w, serverId), markers: markersIn(hist.data ?? [], w, ids) };
  }, [maint.data, hist.data, alerts.data, serverId, w]);
}
