import { useMemo } from 'react';
import { useTargetIndex } from '../../api/alert-targets';
import { useAlerts } from '../../api/alerts';
import { useServers } from '../../api/servers';
import { incidentRows, type HistoryRef, type IncidentRow } from './incident-rows';

/** Incidents joined with their alert, servers (by hostname) and target; names fill in as those load. */
export function useIncidentRows<H extends HistoryRef>(histories: readonly H[] | undefined): IncidentRow<H>[] {
  return useIncidentRowsState(histories).rows;
}

/** The rows, and whether what names them (alerts, servers, the target index) is still loading. */
export function useIncidentRowsState<H extends HistoryRef>(histories: readonly H[] | undefined): { rows: IncidentRow<H>[]; pending: boolean } {
  const alerts = useAlerts();
  const servers = useServers();
  const { index } = useTargetIndex();
  const rows = useMemo(() => {
    const byId = new Map((alerts.data ?? []).map((a) => [a.id, a]));
    const names = new Map((servers.data ?? []).map((s) => [s.id, s.hostname]));
    return incidentRows(histories ?? [], byId, index, names);
  }, [histories, alerts.data, servers.data, index]);
  return { rows, pending: alerts.isPending || servers.isPending || index === undefined };
}
