import { useMe } from '../../api/session';
import { canConfigure } from '../../app/session';

/** Tells a user without the Manager role that this configuration is theirs to read, not to change. */
export function ReadOnlyNote() {
  const me = useMe();
  if (!me || canConfigure(me)) return null;
  return <p className="text-sm text-slate-600 dark:text-slate-400">Read-only: changing this needs the Manager role.</p>;
}
