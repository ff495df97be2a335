import { useState } from 'react';
import type { AlertType } from '../../../shared/alerts';
import { useApplications } from '../../api/applications';
import { useLogs } from '../../api/logs';
import { usePolledItems } from '../../api/polled-data';
import { useServerProcesses } from '../../api/processes';
import { useServerTagList } from '../../api/server-tags';
import { useServerChoices } from '../../api/servers';
import { SearchableSelect } from '../../components/forms/searchable-select';
import { applicationOptions, groupOptions, logOptions, polledOptions, processOptions, serverOptions } from '../../lib/pick-options';

interface PickerProps {
  value: string;
  onChange: (targetId: string) => void;
  error?: string;
}

const NO_NAMES: ReadonlyMap<number, string> = new Map();

function ServerPicker({ value, onChange, error, label = 'Target server' }: PickerProps & { label?: string }) {
  const q = useServerChoices();
  return <SearchableSelect label={label} noun="servers" options={serverOptions(q.data?.items ?? [])} loading={q.isPending} value={value} onChange={onChange} error={error} />;
}

function TagPicker(p: PickerProps) {
  const q = useServerTagList();
  return <SearchableSelect label="Target server tag" noun="tags" options={groupOptions(q.data ?? [])} loading={q.isPending} {...p} />;
}

function PolledPicker(p: PickerProps) {
  const q = usePolledItems();
  const servers = useServerChoices();
  return <SearchableSelect label="Target polled data" noun="checks" options={polledOptions(q.data ?? [], servers.data?.names ?? NO_NAMES)} loading={q.isPending || servers.isPending} {...p} />;
}

/** Logs grouped by server, named "File /var/log/nginx/error.log on web-01"; transaction logs are not alert targets. */
function LogPicker(p: PickerProps) {
  const q = useLogs();
  const servers = useServerChoices();
  const logs = (q.data ?? []).filter((l) => l.source_type !== 'AFURL' && l.source_type !== 'AFSQL');
  return <SearchableSelect label="Target log" noun="logs" options={logOptions(logs, servers.data?.names ?? NO_NAMES)} loading={q.isPending || servers.isPending} {...p} />;
}

function ApplicationPicker(p: PickerProps) {
  const q = useApplications();
  const servers = useServerChoices();
  return <SearchableSelect label="Target application" noun="applications" options={applicationOptions(q.data ?? [], servers.data?.names ?? NO_NAMES)} loading={q.isPending || servers.isPending} {...p} />;
}

/** A Process target is `<server_id>,<pid>,<creation_time>,<process_name>`: pick the server, then one of its processes. */
function ProcessPicker(p: PickerProps) {
  const [serverId, setServerId] = useState(() => p.value.split(',')[0] ?? '');
  const q = useServerProcesses(Number(serverId) || 0, null);
  const options = serverId ? processOptions(q.data ?? [], (x) => `${x.server_id},${x.pid},${x.create_time},${x.name}`) : [];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <ServerPicker label="Server of the process" value={serverId} onChange={(v) => (setServerId(v), p.onChange(''))} />
      <SearchableSelect label="Target process" noun="processes" options={options} loading={!!serverId && q.isPending} disabled={!serverId} {...p} />
    </div>
  );
}

/** The target picker of an alert type: what the alert watches, by name, searchable when there are many. */
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
