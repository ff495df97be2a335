import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { OS_VALUES } from '../../../shared/servers';
import { useServerSets } from '../../api/incidents';
import { useServerTagList } from '../../api/server-tags';
import { useFleetLatest } from '../../api/server-data';
import { useServers } from '../../api/servers';
import { inputClass, SelectField } from '../../components/ui/field';
import { Empty, ErrorBox, Loading } from '../../components/ui/status';
import { VirtualList } from '../../components/ui/virtual-list';
import { filterFleet, parseFleetFilter } from './fleet-filter';
import { FleetHeader } from './fleet-header';
import { FleetRow } from './fleet-row';
import { fleetMetrics, nextSort, NO_METRICS, parseFleetSort, sortFleet, type FleetMetrics } from './fleet-sort';
import { useIncidentCounts } from './use-incident-counts';

// View state of this page only: links to a server carry the range but not these.
const FILTER_KEYS = ['q', 'os', 'tag', 'set', 'status', 'sort', 'dir'];

/** Every server at a glance, filtered by name, OS, tag, set and status, sorted by a figure (all in the URL). */
export default function FleetPage() {
  const [params, setParams] = useSearchParams();
  const filter = parseFleetFilter(params);
  const sort = parseFleetSort(params);
  const servers = useServers();
  const latest = useFleetLatest();
  const tags = useServerTagList();
  const sets = useServerSets();
  const metrics = useMemo(() => {
    const m = new Map<number, FleetMetrics>();
    for (const s of servers.data ?? []) m.set(s.id, fleetMetrics(s, latest.data?.get(s.id)));
    return m;
  }, [servers.data, latest.data]);
  const filtered = useMemo(() => filterFleet(servers.data ?? [], filter, tags.data ?? [], sets.data ?? []), [servers.data, filter.q, filter.os, filter.tag, filter.set, filter.status, tags.data, sets.data]); // eslint-disable-line react-hooks/exhaustive-deps
  const shown = useMemo(() => sortFleet(filtered, sort, (s) => metrics.get(s.id) ?? NO_METRICS), [filtered, sort.key, sort.dir, metrics]); // eslint-disable-line react-hooks/exhaustive-deps
  const incidents = useIncidentCounts();
  const rangeSearch = useMemo(() => {
    const p = new URLSearchParams(params);
    for (const k of FILTER_KEYS) p.delete(k);
    return p.toString();
  }, [params]);
  const set = (k: string, v: string) => setParams((p) => (v ? p.set(k, v) : p.delete(k), p), { replace: true });
  const onSort = (key: Parameters<typeof nextSort>[1]) => {
    const next = nextSort(sort, key);
    setParams((p) => (p.set('sort', next.key), p.set('dir', next.dir), p), { replace: true });
  };
  const running = (servers.data ?? []).filter((s) => s.running).length;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <h1 className="mr-2 text-lg font-semibold">Fleet</h1>
        {servers.data && (
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {shown.length} of {servers.data.length} servers · {running} running · {incidents.size} with active incidents
          </p>
        )}
      </div>
      <div className="grid grid-cols-2 gap-2 md:grid-cols-5" role="search" aria-label="Filter servers">
        <label className="text-xs font-medium text-slate-700 dark:text-slate-300">
          Name
          <input data-filter className={inputClass} value={filter.q} placeholder="hostname or nickname" onChange={(e) => set('q', e.target.value)} />
        </label>
        <SelectField label="OS" value={filter.os} onChange={(e) => set('os', e.target.value)}>
          <option value="">All</option>
          {OS_VALUES.map((o) => <option key={o}>{o}</option>)}
        </SelectField>
        <SelectField label="Tag" value={filter.tag ?? ''} onChange={(e) => set('tag', e.target.value)}>
          <option value="">All</option>
          {(tags.data ?? []).map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
        </SelectField>
        <SelectField label="Set" value={filter.set ?? ''} onChange={(e) => set('set', e.target.value)}>
          <option value="">All</option>
          {(sets.data ?? []).map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
        </SelectField>
        <SelectField label="Status" value={filter.status} onChange={(e) => set('status', e.target.value)}>
          <option value="">All</option>
          <option value="running">Running</option>
          <option value="stopped">Stopped</option>
        </SelectField>
      </div>
      {servers.isPending && <Loading what="servers" />}
      {servers.error && <ErrorBox error={servers.error} />}
      {servers.data && shown.length === 0 && <Empty>No server matches these filters.</Empty>}
      {shown.length > 0 && (
        <div role="table" aria-label="Servers" aria-rowcount={shown.length + 1} className="rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <div role="rowgroup">
            <FleetHeader sort={sort} onSort={onSort} />
          </div>
          <VirtualList
            items={shown}
            rowHeight={40}
            height={Math.min(shown.length * 40, Math.max(320, globalThis.innerHeight - 300))}
            label="Server rows"
            renderRow={(s) => <FleetRow server={s} metrics={metrics.get(s.id) ?? NO_METRICS} incidents={incidents.get(s.id) ?? 0} search={rangeSearch} />}
          />
        </div>
      )}
    </div>
  );
}
