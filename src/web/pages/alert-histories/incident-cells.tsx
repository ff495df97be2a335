import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { AckButton } from './ack-button';
import type { IncidentRow } from './incident-rows';
import { actorName } from './timeline-events';

/** What the incident list reads of an incident. */
export type ListedIncident = {
  id: number; alert_id: number; start: number; end: number | null; subject: string; acknowledged_by: number | null; acknowledged_at: number | null; silenced: boolean;
  /** An External (Prometheus) alert's incident: its labels and generatorURL. */
  labels?: Record<string, string>; generator_url?: string;
};

export const linkClass = 'text-teal-800 underline dark:text-teal-300';

/** Who acknowledged the incident, or the button to acknowledge it (open ones only); "silenced" beside. */
export function AckCell({ history: h, nameOf, nowrap = false }: { history: ListedIncident; nameOf: (id: number) => string | undefined; nowrap?: boolean }) {
  return (
    <>
      {h.acknowledged_by !== null ? (
        <span className={`rounded bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 dark:bg-green-950 dark:text-green-200 ${nowrap ? 'whitespace-nowrap' : 'inline-block break-words'}`}>
          Acknowledged by {actorName(h.acknowledged_by, null, nameOf)}
        </span>
      ) : (
        <AckButton history={h} size="row" />
      )}
      {h.silenced && <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">silenced</span>}
    </>
  );
}

/** The servers of an incident as links to their pages; past three, their count. */
export function ServerLinks({ servers, search }: { servers: IncidentRow<unknown>['servers']; search: string }) {
  if (servers.length > 3) return <>{servers.length} servers</>;
  if (servers.length === 0) return <>–</>;
  return (
    <>
      {servers.map((s, i) => (
        <span key={s.id}>
          {i > 0 && ', '}
          <Link className={linkClass} to={{ pathname: paths.server(s.id), search }}>
            {s.name}
          </Link>
        </span>
      ))}
    </>
  );
}
