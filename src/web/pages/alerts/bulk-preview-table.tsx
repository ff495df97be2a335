import { Link } from 'react-router';
import type { AlertBulkItem } from '../../../shared/alert-bulk';
import { paths } from '../../app/paths';

const th = 'border-b border-slate-200 px-2 py-1.5 dark:border-slate-800';
const td = 'px-2 py-1.5';
const fires = (n: number | null) => (n === null ? 'n/a' : String(n));

/** A value before and after, the change marked. */
function Change({ before, after }: { before: string; after: string }) {
  if (before === after) return <span>{before}</span>;
  return (
    <span>
      <s className="text-slate-600 dark:text-slate-400">{before}</s> → <strong>{after}</strong>
    </span>
  );
}

/** The preview of a bulk edit: each alert's trigger and state before and after, and how often it would have fired over the last 7 days. */
export function BulkPreviewTable({ items }: { items: readonly AlertBulkItem[] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Bulk edit preview</caption>
      <thead>
        <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
          {['Alert', 'Trigger', 'Active', 'Minutes above', 'Interval', 'Fires in 7 days'].map((h) => <th key={h} scope="col" className={th}>{h}</th>)}
        </tr>
      </thead>
      <tbody>
        {items.map(({ id, before: b, after: a, fires_before, fires_after }) => (
          <tr key={id} className="border-b border-slate-100 dark:border-slate-800">
            <td className={td}>
              <Link className="text-teal-800 underline dark:text-teal-300" to={paths.alert(id)}>{b.name}</Link>
              <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">{b.target}</span>
            </td>
            <td className={td}><Change before={b.trigger} after={a.trigger} /></td>
            <td className={td}><Change before={b.active ? 'on' : 'off'} after={a.active ? 'on' : 'off'} /></td>
            <td className={td}><Change before={String(b.time_above_threshold)} after={String(a.time_above_threshold)} /></td>
            <td className={td}><Change before={String(b.interval)} after={String(a.interval)} /></td>
            <td className={td} aria-label={`fires before ${fires(fires_before)}, after ${fires(fires_after)}`}><Change before={fires(fires_before)} after={fires(fires_after)} /></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
