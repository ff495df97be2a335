import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { OS_VALUES } from '../../../shared/servers';
import { useServerSets } from '../../api/incidents';
import { useServerTagList } from '../../api/server-tags';
import { useFleetLatest } from '../../api/server-data';
import { serverQueries } from '../../api/servers';
import { inputClass, SelectField } from '../../components/ui/field';
import { Empty, ErrorBox, Loading } from '../../components/ui/status';
import { WindowList } from '../../components/ui/window-list';
import { filterFleet, parseFleetFilter } from './fleet-filter';
import { HEALTHY } from './fleet-health';
import { FleetHeader } from './fleet-header';
import { FleetRow } from './fleet-row';
import { fleetMetrics, nextSort, NO_METRICS, parseFleetSort, sortFleet, type FleetMetrics } from './fleet-sort';
import { FLEET_REFRESH_MS, useServerHealth } from './use-incident-counts';

// View state of this page only: links to a server carry the range but not these.
const FILTER_KEYS = ['q', 'os', 'tag', 'set', 'status', 'incidents', 'sort', 'dir'];

/**
 * Every server at a glance, filtered by name, OS, tag, set, status and incidents, sorted by a figure or
 * "unhealthy first" (the default); all in the URL. Servers and incident state refresh on their own.
 */
export default function FleetPage() {
  const [params, setParams] = useSearchParams();
  const filter = parseFleetFilter(params);
  const sort = parseFleetSort(params);
  const servers = useQuery({ ...serverQueries.list(), refetchInterval: FLEET_REFRESH_MS });
  const latest = useFleetLatest();
  const tags = useServerTagList();
  const sets = useServerSets();
  const metrics = useMemo(() => {
    const m = new Map<number, FleetMetrics>();
    for (const s of servers.data ?? []) m.set(s.id, fleetMetrics(s, latest.data?.get(s.id)));
    return m;
  }, [servers.data, latest.data]);
  const health = useServerHealth();
  const count = (id: number) => health.get(id)?.count ?? 0;
  const filtered = useMemo(() => filterFleet(servers.data ?? [], filter, tags.data ?? [], sets.data ?? [], count), [servers.data, filter.q, filter.os, filter.tag, filter.set, filter.status, filter.incidents, tags.data, sets.data, health]); // eslint-disable-line react-hooks/exhaustive-deps
  const shown = useMemo(() => sortFleet(filtered, sort, (s) => metrics.get(s.id) ?? NO_METRICS, (s) => health.get(s.id) ?? HEALTHY), [filtered, sort.key, sort.dir, metrics, health]); // eslint-disable-line react-hooks/exhaustive-deps
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
            {shown.length} of {servers.data.length} servers · {running} running · {health.size} with active incidents
          </p>
        )}
      </div>
      <div className="grid grid-cols-2 items-end gap-2 md:grid-cols-6" role="search" aria-label="Filter servers">
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
        <label className="flex items-center gap-2 pb-2 text-sm text-slate-700 dark:text-slate-300">
          <input type="checkbox" checked={filter.incidents} onChange={(e) => set('incidents', e.target.checked ? '1' : '')} />
          Only with incidents
        </label>
      </div>
      {servers.isPending && <Loading what="servers" />}
      {servers.error && <ErrorBox error={servers.error} />}
      {servers.data && shown.length === 0 && <Empty>No server matches these filters.</Empty>}
      {shown.length > 0 && (
        <div role="table" aria-label="Servers" aria-rowcount={shown.length + 1} className="rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <div role="rowgroup">
            <FleetHeader sort={sort} onSort={onSort} />
          </div>
          <WindowList
            items={shown}
            rowHeight={40}
            label="Server rows"
            rowKey={(s) => s.id}
            renderRow={(s) => <FleetRow server={s} metrics={metrics.get(s.id) ?? NO_METRICS} incidents={count(s.id)} search={rangeSearch} />}
          />
        </div>
      )}
    </div>
  );
}
