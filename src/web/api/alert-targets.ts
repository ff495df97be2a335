import { useMemo } from 'react';
import { indexTargets, type TargetIndex } from '../../shared/alert-target';
import { useApplications } from './applications';
import { useLogs } from './logs';
import { usePolledItems } from './polled-data';
import { useServerTagList } from './server-tags';

/**
 * The index that maps alert targets to servers (src/shared/alert-target.ts), from the account's tags,
 * logs, polled checks and applications; `index` is undefined until all four have loaded.
 */
export function useTargetIndex(): { index: TargetIndex | undefined; error: Error | null } {
  const tags = useServerTagList();
  const logs = useLogs();
  const polled = usePolledItems();
  const apps = useApplications();
  const index = useMemo(
    () => (tags.data && logs.data && polled.data && apps.data ? indexTargets({ tags: tags.data, logs: logs.data, polled: polled.data, applications: apps.data }) : undefined),
    [tags.data, logs.data, polled.data, apps.data],
  );
  return { index, error: tags.error ?? logs.error ?? polled.error ?? apps.error };
}
