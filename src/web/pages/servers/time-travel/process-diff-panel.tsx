import { Link } from 'react-router';
import type { DiffItem } from '../../../../shared/process-diff';
import { useProcessDiff } from '../../../api/time-travel';
import { paths } from '../../../app/paths';
import { formatValue } from '../../../components/charts/units';
import { ErrorBox, Loading } from '../../../components/ui/status';
import { formatTime } from '../../../lib/format';
import { DIFF_COLUMNS, firstOf, formatChange } from './diff-rows';

const SHOWN = 20;

/** The processes of two minutes compared: started, ended and the top movers (largest change first). */
export function ProcessDiffPanel({ serverId, from, to, search }: { serverId: number; from: number; to: number; search: string }) {
  const diff = useProcessDiff(serverId, from, to);
  return (
    <section aria-label="Process diff" className="mt-3 space-y-3">
      <h3 className="text-sm font-semibold">
        From {formatTime(from)} to {formatTime(to)} UTC
      </h3>
      {diff.isPending && <Loading what="process diff" />}
      {diff.error && <ErrorBox error={diff.error} />}
      {diff.data && (
        <>
          <div className="grid gap-3 lg:grid-cols-2">
            <DiffTable title="Started" items={diff.data.started} mode="after" search={search} />
            <DiffTable title="Ended" items={diff.data.ended} mode="before" search={search} />
          </div>
          <DiffTable title="Top movers" items={diff.data.changed} mode="change" search={search} />
        </>
      )}
    </section>
  );
}

function DiffTable({ title, items, mode, search }: { title: string; items: DiffItem[]; mode: 'before' | 'after' | 'change'; search: string }) {
  const { shown, more } = firstOf(items, SHOWN);
  return (
    <div className="min-w-0 overflow-x-auto rounded border border-slate-200 p-2 dark:border-slate-800">
      <table className="w-full text-xs">
        <caption className="mb-1 text-left text-sm font-medium">
          {title} ({items.length})
        </caption>
        <thead>
          <tr className="text-left text-slate-600 dark:text-slate-400">
            <th scope="col" className="py-1 pr-2">Process</th>
            {DIFF_COLUMNS.map((c) => (
              <th key={c.field} scope="col" className="py-1 pr-2">{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((p) => (
            <tr key={p.uid} className="border-t border-slate-100 dark:border-slate-800">
              <td className="py-1 pr-2">
                <Link className="text-teal-800 underline dark:text-teal-300" to={{ pathname: paths.process(p.uid), search }}>
                  {p.name}
                </Link>{' '}
                <span className="text-slate-600 dark:text-slate-400">{p.pid}</span>
              </td>
              {DIFF_COLUMNS.map((c) => {
                const f = p.fields[c.field];
                return (
                  <td key={c.field} className="py-1 pr-2 tabular-nums">
                    {mode === 'change' ? formatChange(c.unit, f) : formatValue(c.unit, mode === 'after' ? f.after : f.before)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {items.length === 0 && <p className="p-1 text-slate-600 dark:text-slate-400">None.</p>}
      {more > 0 && <p className="p-1">and {more} more</p>}
    </div>
  );
}
