import { useMemo } from 'react';
import { countByServer } from '../../../shared/alert-target';
import { needsResources, useTargetIndex } from '../../api/alert-targets';
import { useAlertsLite } from '../../api/incidents';

/** Alerts in incident now per server (the shared mapping puts each alert on its servers); empty until known. */
export function useIncidentCounts(): Map<number, number> {
  const alerts = useAlertsLite();
  // in_incident is the alert's state now.
  const active = useMemo(() => (alerts.data ?? []).filter((a) => a.in_incident), [alerts.data]);
  const targets = useTargetIndex(needsResources(active));
  return useMemo(() => (targets.index ? countByServer(active, targets.index) : new Map<number, number>()), [active, targets.index]);
}
