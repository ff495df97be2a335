import { Link } from 'react-router';
import type { BreachingServer } from '../../../shared/alert-histories';
import { paths } from '../../app/paths';
import { breachLabel } from './breaching-label';

const link = 'text-teal-800 underline dark:text-teal-300';

/** The servers that breached when the incident started, each with its value then, linking to the server. */
export function BreachingList({ servers }: { servers: readonly BreachingServer[] }) {
  return (
    <ul aria-label="Servers that breached" className="flex flex-wrap gap-x-3">
      {servers.map((s) => (
        <li key={s.id}>
          <Link className={link} to={paths.server(s.id)}>
            {breachLabel(s)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
