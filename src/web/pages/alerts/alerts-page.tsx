import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ALERT_TYPES, type Alert } from '../../../shared/alerts';
import { useAlerts, useDeleteAlert, useSetAlertActive } from '../../api/alerts';
import { useLogs } from '../../api/logs';
import { usePolledItems } from '../../api/polled-data';
import { useServerChoices } from '../../api/servers';
import { paths, withQuery } from '../../app/paths';
import { useCan } from '../../app/use-can';
import { ReadOnlyNote } from '../../components/ui/read-only-note';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { inputClass, SelectField } from '../../components/ui/field';
import { Empty, ErrorBox, Loading } from '../../components/ui/status';
import { UNKNOWN_SERVER } from '../../lib/pick-options';
import { alertRows, countByServer, parseAlertView, type TargetServers } from './alert-rows';
import { AlertsTable } from './alerts-table';

/**
 * Every alert of the account, newest first: filter by text, type and server (all in the URL), open
 * one to edit, and turn it off or delete it from its row's menu (deleting asks first).
 */
export default function AlertsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const view = parseAlertView(params);
  const alerts = useAlerts();
  const logs = useLogs();
  const polled = usePolledItems();
  const servers = useServerChoices();
  const del = useDeleteAlert();
  const toggle = useSetAlertActive();
  const writer = useCan('alerts.write');
  const [asking, setAsking] = useState<Alert | null>(null);
  const targets: TargetServers = useMemo(
    () => ({ logs: new Map((logs.data ?? []).map((l) => [l.id, l.server_id])), polled: new Map((polled.data ?? []).map((p) => [p.id, p.server_id])) }),
    [logs.data, polled.data],
  );
  const names = servers.data?.names;
  // Names only: while the fleet loads a server reads as loading, a server gone since as unknown.
  const serverName = (id: number | null) => (id === null ? 'Several servers' : (names?.get(id) ?? (names ? UNKNOWN_SERVER : 'Loading…')));
  const rows = useMemo(() => alertRows(alerts.data ?? [], targets, view, (id) => names?.get(id)), [alerts.data, targets, view.q, view.type, view.server, names]); // eslint-disable-line react-hooks/exhaustive-deps
  const counts = useMemo(() => countByServer(alerts.data ?? [], targets), [alerts.data, targets]);
  // From the address as it is now, not as of this render: two changes before a re-render (a type, then
  // a server, picked quickly) would otherwise lose the first.
  const set = (k: string, v: string) =>
    setParams(() => {
      const p = new URLSearchParams(window.location.search);
      if (v) p.set(k, v);
      else p.delete(k);
      return p;
    }, { replace: true });
  const inIncident = rows.filter((r) => r.alert.in_incident).length;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <h1 className="text-lg font-semibold">Alerts</h1>
        {writer && (
          <>
            <Link to={paths.alertNew} className="rounded bg-teal-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-teal-800">
              New alert
            </Link>
            <Link to={withQuery(paths.alertBulk, { type: view.type, server: view.server ?? undefined })} className="text-sm text-teal-800 underline dark:text-teal-300">
              Bulk edit
            </Link>
          </>
        )}
        {alerts.data && (
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {rows.length} of {alerts.data.length} alerts · {inIncident} in incident
          </p>
        )}
      </div>
      <ReadOnlyNote />
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3" role="search" aria-label="Filter alerts">
        <label className="text-xs font-medium text-slate-700 dark:text-slate-300">
          Filter
          <input data-filter className={inputClass} value={view.q} placeholder="Name, target, trigger or server" onChange={(e) => set('q', e.target.value)} />
        </label>
        <SelectField label="Type" value={view.type} onChange={(e) => set('type', e.target.value)}>
          <option value="">All types</option>
          {ALERT_TYPES.map((t) => <option key={t}>{t}</option>)}
        </SelectField>
        <SelectField label="Server" value={view.server === null ? '' : String(view.server)} onChange={(e) => set('server', e.target.value)}>
          <option value="">All servers</option>
          <option value="multi">Several servers (applications, tags) ({counts.multi})</option>
          {[...counts.perServer]
            .map(([id, n]) => ({ id, n, name: serverName(id) }))
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((s) => <option key={s.id} value={s.id}>{s.name} ({s.n})</option>)}
        </SelectField>
      </div>
      {alerts.isPending && <Loading what="alerts" lines={8} />}
      {alerts.error && <ErrorBox error={alerts.error} />}
      {del.error && <ErrorBox error={del.error} retry={false} />}
      {toggle.error && <ErrorBox error={toggle.error} retry={false} />}
      {alerts.data && rows.length === 0 && <Empty>No alerts{alerts.data.length ? ' match these filters' : ''}.</Empty>}
      {rows.length > 0 && (
        <AlertsTable
          rows={rows}
          serverName={serverName}
          actions={writer ? { edit: (a) => navigate(paths.alert(a.id)), setActive: (a, active) => toggle.mutate({ id: a.id, active }), remove: setAsking } : { edit: (a) => navigate(paths.alert(a.id)) }}
        />
      )}
      {asking && (
        <ConfirmDialog
          question={`Delete the alert "${asking.name}"?`}
          detail="Its incident history stays; the alert stops watching."
          confirmLabel="Delete"
          onConfirm={() => del.mutate(asking.id)}
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  );
}
