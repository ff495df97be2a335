import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { formatTime } from '../../lib/format';
import { AckButton } from './ack-button';
import type { IncidentRow } from './incident-rows';
import { actorName } from './timeline-events';

const duration = (s: number) => (s < 3600 ? `${Math.round(s / 60)} min` : s < 172800 ? `${(s / 3600).toFixed(1)} h` : `${(s / 86400).toFixed(1)} d`);
const link = 'text-teal-800 underline dark:text-teal-300';
type H = { id: number; alert_id: number; start: number; end: number | null; subject: string; acknowledged_by: number | null; acknowledged_at: number | null; silenced: boolean };

/**
 * Incidents as rows naming the server (hostname) and the target, each opening its incident page; who
 * acknowledged each, and an Acknowledge button on the open ones nobody has yet.
 */
export function IncidentsTable({ rows, caption, now, search, nameOf }: { rows: IncidentRow<H>[]; caption: string; now: number; search: string; nameOf: (id: number) => string | undefined }) {
  return (
    // The table scrolls sideways inside its box on a phone; subject and acknowledgement come first, within
    // reach, wide enough to read (a subject squeezed to one word a line pushed the rows past a screen).
    <div className="overflow-x-auto">
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
                {h.acknowledged_by !== null ? (
                  <span className="inline-block rounded bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 dark:bg-green-950 dark:text-green-200">
                    Acknowledged by {actorName(h.acknowledged_by, null, nameOf)}
                  </span>
                ) : (
                  <AckButton history={h} size="row" />
                )}
                {h.silenced && <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">silenced</span>}
              </td>
              <td className="px-3 py-1.5 whitespace-nowrap">
                {servers.length > 3
                  ? `${servers.length} servers`
                  : servers.map((s, i) => (
                      <span key={s.id}>
                        {i > 0 && ', '}
                        <Link className={link} to={{ pathname: paths.server(s.id), search }}>{s.name}</Link>
                      </span>
                    ))}
              </td>
              <td className="px-3 py-1.5">{targetPath ? <Link className={link} to={{ pathname: targetPath, search }}>{target}</Link> : target}</td>
              <td className="px-3 py-1.5">
                <Link className={link} to={paths.alert(h.alert_id)}>{alertName}</Link>
              </td>
              <td className="px-3 py-1.5 whitespace-nowrap">{formatTime(h.start)}</td>
              <td className="px-3 py-1.5 whitespace-nowrap">{h.end === null ? <span className="font-medium text-red-700 dark:text-red-400">Open</span> : formatTime(h.end)}</td>
              <td className="px-3 py-1.5 whitespace-nowrap">{duration((h.end ?? now) - h.start)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
