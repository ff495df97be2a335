import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { indexTargets, type AlertTargetRef, type TargetIndex } from '../../shared/alert-target';
import { applicationQueries } from './applications';
import { logQueries } from './logs';
import { polledQueries } from './polled-data';
import { serverTagQueries } from './server-tags';

/** Whether mapping these alerts to servers needs the account's resources (Server and Process targets name their server). */
export const needsResources = (alerts: readonly AlertTargetRef[]) => alerts.some((a) => a.type !== 'Server' && a.type !== 'Process');

/**
 * The index that maps alert targets to servers (src/shared/alert-target.ts), from the account's tags,
 * logs, polled checks and applications; `index` is undefined until they have loaded. With `needed`
 * false nothing is fetched (the fleet's first visit when only server and process alerts are open) and
 * the index is empty, which is all Server and Process targets need.
 */
export function useTargetIndex(needed = true): { index: TargetIndex | undefined; error: Error | null } {
  const tags = useQuery({ ...serverTagQueries.list(), enabled: needed });
  const logs = useQuery({ ...logQueries.list(), enabled: needed });
  const polled = useQuery({ ...polledQueries.list(), enabled: needed });
  const apps = useQuery({ ...applicationQueries.list(), enabled: needed });
  const ready = !needed || (tags.data && logs.data && polled.data && apps.data);
  const index = useMemo(
    () => (ready ? indexTargets({ tags: tags.data ?? [], logs: logs.data ?? [], polled: polled.data ?? [], applications: apps.data ?? [] }) : undefined),
    [ready, tags.data, logs.data, polled.data, apps.data],
  );
  return { index, error: tags.error ?? logs.error ?? polled.error ?? apps.error };
}
