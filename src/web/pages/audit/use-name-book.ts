import { useMemo } from 'react';
import { useAlerts } from '../../api/alerts';
import { useServerSetList } from '../../api/server-sets';
import { useServerTagList } from '../../api/server-tags';
import { useServerChoices } from '../../api/servers';
import { useUserNames } from '../../api/users';
import type { NameBook } from './audit-diff';

const byId = (list: readonly { id: number; name: string }[] | undefined) => (list ? new Map(list.map((x) => [x.id, x.name])) : undefined);

/** The names the dashboard knows (users, servers, tags, sets, alerts), for the audit log to show instead of ids. */
export function useNameBook(): NameBook {
  const users = useUserNames();
  const servers = useServerChoices();
  const tags = useServerTagList();
  const sets = useServerSetList();
  const alerts = useAlerts();
  return useMemo(
    () => ({ users: users.data, servers: servers.data?.names, server_tags: byId(tags.data), server_sets: byId(sets.data), alerts: byId(alerts.data) }),
    [users.data, servers.data, tags.data, sets.data, alerts.data],
  );
}
