import { useSearchParams } from 'react-router';
import { formatUtcSeconds } from '../../../shared/utc-time';
import type { MaintenanceWindow } from '../../../shared/maintenance-windows';
import { useDeleteMaintenanceWindow, useMaintenanceWindows, useSaveMaintenanceWindow, type MaintenanceWindowFormInput } from '../../api/maintenance-windows';
import { useServers } from '../../api/servers';
import { ConfirmButton } from '../../components/forms/confirm-button';
import { Button } from '../../components/ui/button';
import { Empty, ErrorBox, Loading, Panel } from '../../components/ui/status';
import { MaintenanceForm } from './maintenance-form';

const utc = (t: number) => formatUtcSeconds(t).slice(0, 16);

function initialOf(w: MaintenanceWindow | undefined): MaintenanceWindowFormInput {
  if (w) return { start: utc(w.start), end: utc(w.end), reason: w.reason, servers: w.servers };
  const next = Math.ceil(Date.now() / 3_600_000) * 3600;
  return { start: utc(next), end: utc(next + 3600), reason: '', servers: [] };
}

/** Maintenance windows (UTC): the list, and a form to add or edit one (`?edit=new|<id>` in the URL). */
export default function MaintenancePage() {
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit');
  const windows = useMaintenanceWindows();
  const servers = useServers();
  const del = useDeleteMaintenanceWindow();
  const id = editing && editing !== 'new' ? Number(editing) : null;
  const save = useSaveMaintenanceWindow(id);
  const setEdit = (v: string | null) => setParams((p) => (v ? p.set('edit', v) : p.delete('edit'), p));
  const name = new Map((servers.data ?? []).map((s) => [s.id, s.nickname || s.hostname]));
  const current = id === null ? undefined : windows.data?.find((w) => w.id === id);

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <h1 className="text-lg font-semibold">Maintenance windows</h1>
        <Button variant="primary" onClick={() => (save.reset(), setEdit('new'))}>
          New window
        </Button>
      </div>
      {editing && servers.data && (id === null || current) && (
        <Panel title={id === null ? 'New maintenance window' : `Edit maintenance window #${id}`}>
          <MaintenanceForm
            key={editing}
            initial={initialOf(current)}
            servers={servers.data}
            pending={save.isPending}
            error={save.error}
            onCancel={() => setEdit(null)}
            onSubmit={(v) => save.mutate(v, { onSuccess: () => setEdit(null) })}
          />
        </Panel>
      )}
      {windows.isPending && <Loading what="maintenance windows" />}
      {windows.error && <ErrorBox error={windows.error} />}
      {del.error && <ErrorBox error={del.error} />}
      {windows.data?.length === 0 && <Empty>No maintenance windows.</Empty>}
      {!!windows.data?.length && (
        <table className="w-full rounded-lg bg-white text-sm dark:bg-slate-900">
          <caption className="sr-only">Maintenance windows</caption>
          <thead>
            <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
              {['Start (UTC)', 'End (UTC)', 'State', 'Reason', 'Servers', ''].map((h, i) => (
                <th key={i} scope="col" className="border-b border-slate-200 px-3 py-2 dark:border-slate-800">
                  {h || <span className="sr-only">Actions</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {windows.data.map((w) => (
              <tr key={w.id} className="border-b border-slate-100 dark:border-slate-800">
                <td className="px-3 py-1.5">{utc(w.start)}</td>
                <td className="px-3 py-1.5">{utc(w.end)}</td>
                <td className="px-3 py-1.5">{w.ended ? 'Ended' : w.started ? 'In progress' : 'Scheduled'}</td>
                <td className="px-3 py-1.5">{w.reason || '–'}</td>
                <td className="px-3 py-1.5">{w.servers.map((s) => name.get(s) ?? `#${s}`).join(', ')}</td>
                <td className="space-x-1 px-3 py-1.5 text-right whitespace-nowrap">
                  <Button variant="ghost" aria-label={`Edit window ${utc(w.start)}`} onClick={() => (save.reset(), setEdit(String(w.id)))}>
                    Edit
                  </Button>
                  <ConfirmButton label="Delete" ariaLabel={`Delete window ${utc(w.start)}`} question={`Delete the maintenance window from ${utc(w.start)} to ${utc(w.end)} UTC?`} pending={del.isPending && del.variables === w.id} onConfirm={() => del.mutate(w.id)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
