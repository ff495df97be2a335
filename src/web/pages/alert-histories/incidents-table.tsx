import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { formatTime } from '../../lib/format';
import { LabelChips, SourceLink } from './external-labels';
import { IncidentCards } from './incident-cards';
import { AckCell, linkClass as link, ServerLinks, type ListedIncident } from './incident-cells';
import { incidentDuration, type IncidentRow } from './incident-rows';

type Props = { rows: IncidentRow<ListedIncident>[]; caption: string; now: number; search: string; nameOf: (id: number) => string | undefined };

/**
 * Incidents as rows naming the server (hostname) and the target, each opening its incident page; who
 * acknowledged each, and an Acknowledge button on the open ones nobody has yet. Below 640 px (sm) the
 * same incidents show as cards instead, so start, duration, server and state need no sideways scroll.
 */
export function IncidentsTable(props: Props) {
  return (
    <>
      <div className="sm:hidden">
        <IncidentCards {...props} />
      </div>
      <div className="hidden overflow-x-auto sm:block">
        <Rows {...props} />
      </div>
    </>
  );
}

function Rows({ rows, caption, now, search, nameOf }: Props) {
  return (
    <table className="w-full rounded-lg bg-white text-sm dark:bg-slate-900">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
          {['Subject', 'Acknowledged', 'Server', 'Target', 'Alert', 'Started (UTC)', 'Ended (UTC)', 'Duration'].map((h) => (
            <th key={h} scope="col" className="border-b border-slate-200 px-3 py-2 dark:border-slate-800">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ history: h, alertName, servers, target, targetPath }) => (
          <tr key={h.id} className="border-b border-slate-100 dark:border-slate-800">
            <td className="min-w-44 px-3 py-1.5">
              <Link className={link} to={{ pathname: paths.alertHistory(h.id), search }}>
                {h.subject || `Incident ${h.id}`}
              </Link>
            </td>
            <td className="min-w-36 px-3 py-1.5">
              <AckCell history={h} nameOf={nameOf} nowrap />
            </td>
            <td className="px-3 py-1.5">
              <ServerLinks servers={servers} search={search} />
            </td>
            <td className="px-3 py-1.5">
              {h.labels ? <LabelChips labels={h.labels} /> : targetPath ? <Link className={link} to={{ pathname: targetPath, search }}>{target}</Link> : target}
            </td>
            <td className="px-3 py-1.5">
              {h.labels ? (
                <>
                  {alertName} <span className="text-xs text-slate-600 dark:text-slate-400">(External)</span> <SourceLink url={h.generator_url ?? ''} />
                </>
              ) : (
                <Link className={link} to={paths.alert(h.alert_id)}>{alertName}</Link>
              )}
            </td>
            <td className="px-3 py-1.5 whitespace-nowrap">{formatTime(h.start)}</td>
            <td className="px-3 py-1.5 whitespace-nowrap">{h.end === null ? <span className="font-medium text-red-700 dark:text-red-400">Open</span> : formatTime(h.end)}</td>
            <td className="px-3 py-1.5 whitespace-nowrap">{incidentDuration(h.start, h.end, now)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
