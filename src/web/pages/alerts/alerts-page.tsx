import { Link, useSearchParams } from 'react-router';
import { useAlerts, useDeleteAlert } from '../../api/alerts';
import { paths } from '../../app/paths';
import { ConfirmButton } from '../../components/forms/confirm-button';
import { inputClass } from '../../components/ui/field';
import { Empty, ErrorBox, Loading } from '../../components/ui/status';
import { formatTime } from '../../lib/format';

const linkClass = 'text-teal-800 underline dark:text-teal-300';

/** Every alert of the account: filter by name, open to edit, delete after asking. */
export default function AlertsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const alerts = useAlerts();
  const del = useDeleteAlert();
  const needle = q.toLowerCase();
  const rows = (alerts.data ?? []).filter((a) => !needle || `${a.name} ${a.target} ${a.trigger}`.toLowerCase().includes(needle));

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <h1 className="text-lg font-semibold">Alerts</h1>
        <Link to={paths.alertNew} className="rounded bg-teal-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-teal-800">
          New alert
        </Link>
        <label className="ml-auto text-xs">
          Filter
          <input data-filter className={`${inputClass} w-64`} value={q} placeholder="Name, target or trigger" onChange={(e) => setParams((p) => (e.target.value ? p.set('q', e.target.value) : p.delete('q'), p), { replace: true })} />
        </label>
      </div>
      {alerts.isPending && <Loading what="alerts" />}
      {alerts.error && <ErrorBox error={alerts.error} />}
      {del.error && <ErrorBox error={del.error} />}
      {alerts.data && rows.length === 0 && <Empty>No alerts{q ? ` match "${q}"` : ''}.</Empty>}
      {rows.length > 0 && (
        <table className="w-full border-collapse rounded-lg bg-white text-sm dark:bg-slate-900">
          <thead>
            <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
              {['Name', 'Type', 'Target', 'Trigger', 'State', 'Last triggered', ''].map((h, i) => (
                <th key={i} scope="col" className="border-b border-slate-200 px-3 py-2 dark:border-slate-800">
                  {h || <span className="sr-only">Actions</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.id} className="border-b border-slate-100 dark:border-slate-800">
                <td className="px-3 py-1.5">
                  <Link className={linkClass} to={paths.alert(a.id)}>
                    {a.name}
                  </Link>
                </td>
                <td className="px-3 py-1.5">{a.type}</td>
                <td className="px-3 py-1.5">{a.target}</td>
                <td className="px-3 py-1.5">{a.trigger}</td>
                <td className="px-3 py-1.5">
                  {a.in_incident ? <span className="rounded bg-red-100 px-1.5 text-red-800 dark:bg-red-900 dark:text-red-100">In incident</span> : a.active ? 'Active' : 'Inactive'}
                </td>
                <td className="px-3 py-1.5">{a.last_triggered ? formatTime(a.last_triggered) : '–'}</td>
                <td className="px-3 py-1.5 text-right">
                  <ConfirmButton label="Delete" ariaLabel={`Delete alert ${a.name}`} question={`Delete the alert "${a.name}"?`} detail="Its incident history stays; the alert stops watching." pending={del.isPending && del.variables === a.id} onConfirm={() => del.mutate(a.id)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
