import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useApplications } from '../../api/applications';
import { useBuckets } from '../../api/buckets';
import { useLogs } from '../../api/logs';
import { polledQueries, usePolledItems } from '../../api/polled-data';
import { processQueries } from '../../api/processes';
import { useServerChoices } from '../../api/servers';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import type { Window } from '../../lib/time-range';
import { applicationOptions, logOptions, polledOptions, processOptions, serverOptions, type PickOption } from '../../lib/pick-options';
import { FIELDS, KINDS, type Kind } from './catalog';
import { seriesRef, type SeriesRef } from './selection';

const isKind = (v: string): v is Kind => Object.hasOwn(KINDS, v);

/** The options of the source select of `kind`, by name (logs and checks with their server's): [value, label] pairs. */
function useSources(kind: Kind, serverId: string): [string, string][] {
  const servers = useServerChoices().data;
  const apps = useApplications().data ?? [];
  const polled = usePolledItems().data ?? [];
  const buckets = useBuckets().data ?? [];
  const logs = useLogs().data ?? [];
  // Only once a server is chosen: no request for a server that is not there.
  const procs = useQuery({ ...processQueries.ofServer(Number(serverId) || 0, null), enabled: Number(serverId) > 0 });
  const names = servers?.names ?? new Map<number, string>();
  const pairs = (options: PickOption[]): [string, string][] => options.map((o) => [o.value, o.label]);
  switch (kind) {
    case 's':
      return pairs(serverOptions(servers?.items ?? []));
    case 'p':
      return serverId ? pairs(processOptions(procs.data ?? [], (p) => p.uid)) : [];
    case 'a':
      return pairs(applicationOptions(apps, names));
    case 'd':
      return pairs(polledOptions(polled, names));
    case 'b':
      return [...buckets].sort((a, b) => a.name.localeCompare(b.name)).map((b) => [String(b.id), b.name]);
    case 'l':
      return pairs(logOptions(logs, names));
  }
}

/** The value names of a polled check, from its records of the window's last hour. */
function usePolledValueNames(id: number, w: Window): string[] {
  const recent = useQuery({ ...polledQueries.data(id, { from: w.to - 3600, to: w.to, step: 'Minute' }), enabled: id > 0 });
  const names = new Set<string>();
  for (const r of recent.data ?? []) for (const n of Object.keys(r.values)) names.add(n);
  return [...names].sort();
}

/** The options of a select: "Choose…" then the [value, label] pairs. */
function Choices({ pairs }: { pairs: [string, string][] }) {
  return (
    <>
      <option value="">Choose…</option>
      {pairs.map(([v, label]) => (
        <option key={v} value={v}>
          {label}
        </option>
      ))}
    </>
  );
}

/** Picks one series: its kind, its source (a server's process through the server) and its field. */
export function SeriesPicker({ window, full, onAdd }: { window: Window; full: boolean; onAdd: (r: SeriesRef) => void }) {
  const [kind, setKind] = useState<Kind>('s');
  const [serverId, setServerId] = useState('');
  const [ref, setRef] = useState('');
  const [field, setField] = useState('');
  const sources = useSources(kind, serverId);
  const servers = useSources('s', '');
  const valueNames = usePolledValueNames(kind === 'd' ? Number(ref) || 0 : 0, window);
  const fields: [string, string][] = kind === 'd' ? valueNames.map((n) => [n, n]) : Object.entries(FIELDS[kind]).map(([k, f]) => [k, f.label]);
  const candidate = seriesRef.safeParse({ kind, ref, field });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (candidate.success) onAdd(candidate.data);
  };
  const pickKind = (v: string) => {
    if (!isKind(v)) return;
    setKind(v);
    setRef('');
    setField('');
  };
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={submit} aria-label="Add a series">
      <SelectField label="Kind" value={kind} onChange={(e) => pickKind(e.target.value)}>
        {Object.entries(KINDS).map(([k, label]) => (
          <option key={k} value={k}>
            {label}
          </option>
        ))}
      </SelectField>
      {kind === 'p' && (
        <SelectField label="Server of the process" value={serverId} onChange={(e) => (setServerId(e.target.value), setRef(''))}>
          <Choices pairs={servers} />
        </SelectField>
      )}
      <SelectField label={KINDS[kind]} value={ref} onChange={(e) => setRef(e.target.value)}>
        <Choices pairs={sources} />
      </SelectField>
      <SelectField label="Field" value={field} onChange={(e) => setField(e.target.value)}>
        <Choices pairs={fields} />
      </SelectField>
      <Button type="submit" variant="primary" disabled={!candidate.success || full}>
        Add series
      </Button>
      {full && <p className="text-xs text-slate-600 dark:text-slate-400">The view is full; remove a series first.</p>}
    </form>
  );
}
