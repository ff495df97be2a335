import { useMemo } from 'react';
import { useUsers, userName } from '../../api/users';

/** The account's users as the schedule screens name them. */
export function usePeople(): { id: number; name: string }[] {
  const users = useUsers();
  return useMemo(() => (users.data ?? []).map((u) => ({ id: u.id, name: userName(u) })), [users.data]);
}
