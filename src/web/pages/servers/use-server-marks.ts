import { useMemo } from 'react';
import { useTargetIndex } from '../../api/alert-targets';
import { useAlertsLite, useHistories } from '../../api/incidents';
import { bandsIn, markersIn } from '../../components/charts/chart-marks';
import { useMaintenanceSpans } from '../../components/charts/use-maintenance-bands';
import type { Window } from '../../lib/time-range';
import { alertsOfServer } from './incidents-at';

/** Maintenance bands covering the server and markers of incidents of alerts whose target lies on it. */
export function useServerMarks(serverId: number, w: Window) {
  const spans = useMaintenanceSpans(w);
  const hist = useHistories(w);
  const alerts = useAlertsLite();
  const targets = useTargetIndex();
  return useMemo(() => {
    const ids = new Set(targets.index ? alertsOfServer(alerts.data ?? [], serverId, targets.index).map((a) => a.id) : []);
    return { bands: bandsIn(spans, w, serverId), markers: markersIn(hist.data ?? [], w, ids) };
  }, [spans, hist.data, alerts.data, targets.index, serverId, w]);
}
