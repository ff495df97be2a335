import { useMemo } from 'react';
import { useApplications } from '../../api/applications';
import { useBuckets } from '../../api/buckets';
import { useLogs } from '../../api/logs';
import { usePolledItems } from '../../api/polled-data';
import { useServerChoices } from '../../api/servers';
import type { SourceNames } from './labels';

/** The names of servers, applications, checks, buckets and logs, for the labels of the series. */
export function useSourceNames(): SourceNames {
  const servers = useServerChoices().data?.names;
  const apps = useApplications().data;
  const polled = usePolledItems().data;
  const buckets = useBuckets().data;
  const logs = useLogs().data;
  return useMemo(() => {
    const server = (id: number) => servers?.get(id) ?? `#${id}`;
    return {
      servers,
      applications: apps && new Map(apps.map((a) => [a.id, a.name])),
      polled: polled && new Map(polled.map((p) => [p.id, `${p.name} on ${server(p.server_id)}`])),
      buckets: buckets && new Map(buckets.map((b) => [b.id, b.name])),
      logs: logs && new Map(logs.map((l) => [l.id, `${server(l.server_id)} ${l.source}`])),
    };
  }, [servers, apps, polled, buckets, logs]);
}
