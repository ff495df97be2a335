import { useSearchParams } from 'react-router';
import { useLogs } from '../../api/logs';
import { useDeleteLogSource, useSaveLogSource } from '../../api/log-sources';
import { usePolledConfig, useSavePolledConfig } from '../../api/settings';
import { useServers } from '../../api/servers';
import { ConfirmButton } from '../../components/forms/confirm-button';
import { ChoiceField } from '../../components/forms/form-fields';
import { Button } from '../../components/ui/button';
import { ReadOnlyNote } from '../../components/ui/read-only-note';
import { ErrorBox, Loading, Panel } from '../../components/ui/status';
import { serverOptions } from '../../lib/pick-options';
import { ExternalAlertsSetting } from './external-alerts-setting';
import { GroupingSetting } from './grouping-setting';
import { LogSourceForm } from './log-source-form';
import { PolledConfigForm } from './polled-config-form';
import { RetentionSetting } from './retention-setting';
import { TransactionsSwitch } from './transactions-switch';

/** Account and per-server settings: transactions, notification grouping, a server's log sources and its polled-data config (`?server=`). */
export default function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const serverId = Number(params.get('server') ?? '') || 0;
  const servers = useServers();
  const set = (k: string, v: string | null) => setParams((p) => (v ? p.set(k, v) : p.delete(k), p));
  return (
    <div className="space-y-4">
      <h1 className="text-lg font-semibold">Settings</h1>
      <ReadOnlyNote />
      <TransactionsSwitch />
      <GroupingSetting />
      <ExternalAlertsSetting />
      <RetentionSetting />
      <div className="max-w-sm">
        <ChoiceField label="Server to configure" value={serverId || ''} onChange={(e) => setParams((p) => (p.set('server', e.target.value), p.delete('log'), p))}>
          <option value="">Choose a server…</option>
          {serverOptions(servers.data ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </ChoiceField>
      </div>
      {serverId > 0 && <LogSources serverId={serverId} editing={params.get('log')} setEditing={(v) => set('log', v)} />}
      {serverId > 0 && <PolledConfig key={serverId} serverId={serverId} />}
    </div>
  );
}

function LogSources({ serverId, editing, setEditing }: { serverId: number; editing: string | null; setEditing: (v: string | null) => void }) {
  const logs = useLogs();
  const id = editing && editing !== 'new' ? Number(editing) : null;
  const save = useSaveLogSource(id);
  const del = useDeleteLogSource();
  const mine = (logs.data ?? []).filter((l) => l.server_id === serverId && l.source_type !== 'AFURL' && l.source_type !== 'AFSQL');
  const current = mine.find((l) => l.id === id);
  return (
    <Panel title="Log sources" actions={<Button onClick={() => (save.reset(), setEditing('new'))}>Add log source</Button>}>
      {logs.isPending && <Loading what="logs" />}
      {del.error && <ErrorBox error={del.error} retry={false} />}
      {editing && (id === null || current) && (
        <div className="mb-3 rounded border border-slate-200 p-3 dark:border-slate-700">
          <LogSourceForm
            key={editing}
            initial={{ server: serverId, type: current?.source_type ?? 'FILE', source: current?.source ?? '', limit: String(current?.limit ?? 2000) }}
            pending={save.isPending}
            error={save.error}
            onCancel={() => setEditing(null)}
            onSubmit={(v) => save.mutate(v, { onSuccess: () => setEditing(null) })}
          />
        </div>
      )}
      <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
        {mine.map((l) => (
          <li key={l.id} className="flex items-center gap-2 py-1">
            <span className="font-medium">{l.source_type}</span> <code>{l.source}</code>
            <span className="text-xs text-slate-600 dark:text-slate-400">{l.limit}/min</span>
            <span className="ml-auto" />
            <Button variant="ghost" aria-label={`Edit log ${l.source}`} onClick={() => (save.reset(), setEditing(String(l.id)))}>
              Edit
            </Button>
            <ConfirmButton label="Delete" ariaLabel={`Delete log ${l.source}`} question={`Delete the log source ${l.source}?`} detail="Its collected messages are deleted too." pending={del.isPending && del.variables === l.id} onConfirm={() => del.mutate(l.id)} />
          </li>
        ))}
        {logs.data && mine.length === 0 && <li className="py-1 text-slate-600 dark:text-slate-400">No log sources on this server.</li>}
      </ul>
    </Panel>
  );
}

function PolledConfig({ serverId }: { serverId: number }) {
  const config = usePolledConfig(serverId);
  const save = useSavePolledConfig(serverId);
  return (
    <Panel title="Polled-data config">
      {config.isPending && <Loading what="polled-data config" />}
      {config.error && <ErrorBox error={config.error} />}
      {config.data && (
        <PolledConfigForm
          initial={{ file_path: config.data.file_path, file_contents: config.data.file_contents, frequency: String(config.data.frequency) }}
          pending={save.isPending}
          error={save.error}
          onSubmit={(v) => save.mutate(v)}
        />
      )}
      {save.isSuccess && <p role="status" className="mt-2 text-sm text-green-700 dark:text-green-400">Saved; collectors pick it up at their next config check.</p>}
    </Panel>
  );
}
