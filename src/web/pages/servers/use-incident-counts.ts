import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { needsResources, useTargetIndex } from '../../api/alert-targets';
import { alertHistoryQueries } from '../../api/alert-histories';
import { incidentQueries } from '../../api/incidents';
import { healthByServer, type ServerHealth } from './fleet-health';

/**
 * How often the fleet re-reads incident state (alerts' in_incident and the open incidents): an
 * alert that fires shows on the overview within this, without a reload (issue 17, "a live fleet").
 */
export const FLEET_REFRESH_MS = 15_000;

/** Open incidents per server (count and newest start), refreshed every FLEET_REFRESH_MS; empty until known. */
export function useServerHealth(): Map<number, ServerHealth> {
  const alerts = useQuery({ ...incidentQueries.alerts(), refetchInterval: FLEET_REFRESH_MS });
  const open = useQuery({ ...alertHistoryQueries.open(), refetchInterval: FLEET_REFRESH_MS });
  // in_incident is the alert's state now.
  const active = useMemo(() => (alerts.data ?? []).filter((a) => a.in_incident), [alerts.data]);
  const targets = useTargetIndex(needsResources(active));
  return useMemo(
    () => (targets.index ? healthByServer(active, open.data ?? [], targets.index) : new Map<number, ServerHealth>()),
    [active, open.data, targets.index],
  );
}

/** Alerts in incident now per server (the shared mapping puts each alert on its servers); empty until known. */
export function useIncidentCounts(): Map<number, number> {
  const health = useServerHealth();
  return useMemo(() => new Map([...health].map(([id, h]) => [id, h.count])), [health]);
}
