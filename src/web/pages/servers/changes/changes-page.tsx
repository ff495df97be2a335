import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { useServer } from '../../../api/servers';
import { useChanges } from '../../../api/time-travel';
import { paths } from '../../../app/paths';
import { useMinuteParam } from '../../../app/use-minute-param';
import { formatValue } from '../../../components/charts/units';
import { Empty, ErrorBox, Loading, Panel } from '../../../components/ui/status';
import { formatTime } from '../../../lib/format';
import { changeRows } from './change-rows';

const Sparkline = lazy(() => import('../../../components/charts/sparkline'));
const link = 'text-teal-800 underline dark:text-teal-300';

/** "What changed at this minute": the server's and its processes' series ranked by how much of the server's change they explain. */
export default function ChangesPage() {
  const id = Number(useParams().id);
  const { at, rangeSearch, minuteSearch } = useMinuteParam();
  const server = useServer(id);
  const changes = useChanges(id, at);
  const name = server.data ? server.data.nickname || server.data.hostname : `server ${id}`;
  const rows = changes.data ? changeRows(changes.data.items) : [];
  return (
    <div className="space-y-3">
      <h1 className="text-lg font-semibold">
        What changed on {name}
        {at !== null && ` at ${formatTime(at)} UTC`}
      </h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Ranked by how much of the server&apos;s change each series explains: its change from its baseline (the same minute on the previous 7 days when at least 3
        have it, else the previous hour) in CPU points, bytes or bytes/s, against the size of the whole server. A process also shows its share of the server&apos;s
        change. &ldquo;Unusual&rdquo; means far outside the series&apos; own usual range (robust z-score of 3.5 or more), however small the change. <Link className={link} to={{ pathname: paths.server(id), search: minuteSearch }}>Back to the server</Link>
      </p>
      {at === null && <Empty>Pick a minute on the server page first.</Empty>}
      <Panel title="Top 10 changes by impact">
        {changes.isPending && at !== null && <Loading what="changes" />}
        {changes.error && <ErrorBox error={changes.error} />}
        {changes.data && rows.length === 0 && <Empty>No series has enough history to judge this minute.</Empty>}
        {rows.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Series ranked by how much of the server&apos;s change they explain</caption>
              <thead>
                <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
                  {['Series', 'Value', 'Baseline median', 'Change', 'Share of the server change', 'Unusual', 'Baseline', 'Last hour'].map((h) => (
                    <th key={h} scope="col" className="px-2 py-1">{h}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.key} className="border-t border-slate-100 dark:border-slate-800">
                    <td className="px-2 py-1">
                      {r.item.uid ? <Link className={link} to={{ pathname: paths.process(r.item.uid), search: minuteSearch }}>{r.label}</Link> : r.label}
                    </td>
                    <td className="px-2 py-1 tabular-nums">{formatValue(r.unit, r.item.value)}</td>
                    <td className="px-2 py-1 tabular-nums">{formatValue(r.unit, r.item.median)}</td>
                    <td className="px-2 py-1 tabular-nums">
                      <span aria-hidden>{r.direction === 'up' ? '▲ ' : r.direction === 'down' ? '▼ ' : ''}</span>
                      {r.change}
                    </td>
                    <td className="px-2 py-1 text-xs">{r.explains}</td>
                    <td className="px-2 py-1 text-xs" title={`robust z-score ${r.item.score}`}>
                      {r.item.unusual ? <span className="rounded bg-amber-100 px-1 text-amber-900 dark:bg-amber-900 dark:text-amber-100">Unusual</span> : 'Usual range'}
                    </td>
                    <td className="px-2 py-1 text-xs">{r.baseline}</td>
                    <td className="px-2 py-1">
                      <Suspense fallback={null}>
                        <Sparkline points={r.item.recent} at={at} />
                      </Suspense>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
      <p className="text-xs">
        <Link className={link} to={{ pathname: paths.server(id), search: rangeSearch }}>Server page at the range</Link>
      </p>
    </div>
  );
}
