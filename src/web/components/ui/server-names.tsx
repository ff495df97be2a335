import { useServerChoices } from '../../api/servers';
import { namesOf } from '../../lib/choices';

/** Server ids as their names (nickname, else hostname), as text; `#id` while the fleet loads. */
export function ServerNames({ ids }: { ids: readonly number[] }) {
  const { data } = useServerChoices();
  return <>{ids.length ? namesOf(ids, data?.names) : '–'}</>;
}
