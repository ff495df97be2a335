import { useState } from 'react';
import type { AlertType } from '../../../shared/alerts';
import { useApplications } from '../../api/applications';
import { useLogs } from '../../api/logs';
import { usePolledItems } from '../../api/polled-data';
import { useServerProcesses } from '../../api/processes';
import { useServerTagList } from '../../api/server-tags';
import { useServers } from '../../api/servers';
import { ChoiceField } from '../../components/forms/form-fields';

interface PickerProps {
  value: string;
  onChange: (targetId: string) => void;
  error?: string;
}

function Options({ items, loading }: { items: { id: string; label: string }[]; loading: boolean }) {
  return (
    <>
      <option value="">{loading ? 'Loading…' : items.length ? 'Choose…' : 'None available'}</option>
      {items.map((i) => (
        <option key={i.id} value={i.id}>
          {i.label}
        </option>
      ))}
    </>
  );
}

function ServerPicker({ value, onChange, error, label = 'Target server' }: PickerProps & { label?: string }) {
  const q = useServers();
  const items = (q.data ?? []).map((s) => ({ id: String(s.id), label: s.nickname || s.hostname }));
  return (
    <ChoiceField label={label} value={value} onChange={(e) => onChange(e.target.value)} error={error}>
      <Options items={items} loading={q.isPending} />
    </ChoiceField>
  );
}

function TagPicker(p: PickerProps) {
  const q = useServerTagList();
  const items = (q.data ?? []).map((t) => ({ id: String(t.id), label: `${t.name} (${t.servers.length} servers)` }));
  return (
    <ChoiceField label="Target server tag" value={p.value} onChange={(e) => p.onChange(e.target.value)} error={p.error}>
      <Options items={items} loading={q.isPending} />
    </ChoiceField>
  );
}

function PolledPicker(p: PickerProps) {
  const q = usePolledItems();
  const items = (q.data ?? []).map((i) => ({ id: String(i.id), label: `${i.name} on ${i.server_hostname ?? `#${i.server_id}`}` }));
  return (
    <ChoiceField label="Target polled data" value={p.value} onChange={(e) => p.onChange(e.target.value)} error={p.error}>
      <Options items={items} loading={q.isPending} />
    </ChoiceField>
  );
}

function LogPicker(p: PickerProps) {
  const q = useLogs();
  const items = (q.data ?? []).filter((l) => l.source_type !== 'AFURL' && l.source_type !== 'AFSQL').map((l) => ({ id: String(l.id), label: `${l.source_type} ${l.source} (server #${l.server_id})` }));
  return (
    <ChoiceField label="Target log" value={p.value} onChange={(e) => p.onChange(e.target.value)} error={p.error}>
      <Options items={items} loading={q.isPending} />
    </ChoiceField>
  );
}

function ApplicationPicker(p: PickerProps) {
  const q = useApplications();
  const items = (q.data ?? []).map((a) => ({ id: String(a.id), label: a.name }));
  return (
    <ChoiceField label="Target application" value={p.value} onChange={(e) => p.onChange(e.target.value)} error={p.error}>
      <Options items={items} loading={q.isPending} />
    </ChoiceField>
  );
}

/** A Process target is `<server_id>,<pid>,<creation_time>,<process_name>`: pick the server, then one of its processes. */
function ProcessPicker(p: PickerProps) {
  const [serverId, setServerId] = useState(() => p.value.split(',')[0] ?? '');
  const q = useServerProcesses(Number(serverId) || 0, null);
  const items = serverId ? (q.data ?? []).map((x) => ({ id: `${x.server_id},${x.pid},${x.create_time},${x.name}`, label: `${x.name} (pid ${x.pid})` })) : [];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <ServerPicker label="Server of the process" value={serverId} onChange={(v) => (setServerId(v), p.onChange(''))} />
      <ChoiceField label="Target process" value={p.value} onChange={(e) => p.onChange(e.target.value)} error={p.error} disabled={!serverId}>
        <Options items={items} loading={!!serverId && q.isPending} />
      </ChoiceField>
    </div>
  );
}

/** The target picker of an alert type: what the alert watches. */
export function AlertTargetPicker({ type, ...p }: PickerProps & { type: AlertType }) {
  switch (type) {
    case 'Server':
      return <ServerPicker {...p} />;
    case 'Server Tag':
      return <TagPicker {...p} />;
    case 'Polled Data':
      return <PolledPicker {...p} />;
    case 'Log':
      return <LogPicker {...p} />;
    case 'Application':
      return <ApplicationPicker {...p} />;
    case 'Process':
      return <ProcessPicker {...p} />;
  }
}
