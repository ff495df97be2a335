import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { formatTime } from '../../lib/format';
import { LabelChips, SourceLink } from './external-labels';
import { AckCell, linkClass, ServerLinks, type ListedIncident } from './incident-cells';
import { incidentDuration, type IncidentRow } from './incident-rows';

const term = 'text-xs text-slate-600 dark:text-slate-400';

/**
 * Incidents as cards, for a phone: the subject (at most three lines), then state, start, duration and
 * server side by side, who acknowledged it (or the button), and the target and alert last. Nothing in
 * a card is wider than the screen: long subjects, paths and names wrap.
 */
export function IncidentCards({ rows, caption, now, search, nameOf }: { rows: IncidentRow<ListedIncident>[]; caption: string; now: number; search: string; nameOf: (id: number) => string | undefined }) {
  return (
    <ul aria-label={caption} className="space-y-2">
      {rows.map(({ history: h, alertName, servers, target, targetPath }) => (
        <li key={h.id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-800 dark:bg-slate-900">
          <Link className={`${linkClass} line-clamp-3 font-medium break-words`} to={{ pathname: paths.alertHistory(h.id), search }}>
            {h.subject || `Incident ${h.id}`}
          </Link>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1">
            <div className="min-w-0">
              <dt className={term}>State</dt>
              <dd>{h.end === null ? <span className="font-medium text-red-700 dark:text-red-400">Open</span> : `Ended ${formatTime(h.end)}`}</dd>
            </div>
            <div className="min-w-0">
              <dt className={term}>Started (UTC)</dt>
              <dd>{formatTime(h.start)}</dd>
            </div>
            <div className="min-w-0">
              <dt className={term}>Duration</dt>
              <dd>{incidentDuration(h.start, h.end, now)}</dd>
            </div>
            <div className="min-w-0 break-words">
              <dt className={term}>Server</dt>
              <dd>
                <ServerLinks servers={servers} search={search} />
              </dd>
            </div>
          </dl>
          <div className="mt-2">
            <AckCell history={h} nameOf={nameOf} />
          </div>
          {h.labels && (
            <div className="mt-2 space-y-1 text-xs text-slate-600 dark:text-slate-400">
              <LabelChips labels={h.labels} />
              <p>
                External alert {alertName} <SourceLink url={h.generator_url ?? ''} />
              </p>
            </div>
          )}
          {!h.labels && (target || alertName) && (
            <p className="mt-2 text-xs break-words text-slate-600 dark:text-slate-400">
              {target && (targetPath ? <Link className={linkClass} to={{ pathname: targetPath, search }}>{target}</Link> : target)}
              {target && ' · '}
              alert <Link className={linkClass} to={paths.alert(h.alert_id)}>{alertName}</Link>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
