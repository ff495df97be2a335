import { useMemo, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Core } from 'cytoscape';
import { useApplications } from '../../api/applications';
import { useTopology, type TopologyRequest } from '../../api/topology';
import { paths } from '../../app/paths';
import { useTimeView } from '../../app/use-time-view';
import { CyGraph } from '../../components/graph/cy-graph';
import { topologyLayout } from '../../components/graph/graph-layouts';
import { topologyStyle } from '../../components/graph/graph-style';
import { FieldGroup } from '../../components/forms/form-fields';
import { Button } from '../../components/ui/button';
import { inputBase } from '../../components/ui/field';
import { Empty, ErrorBox, Loading } from '../../components/ui/status';
import { topologyToElements } from './to-elements';

const WINDOWS = [15, 60, 240, 1440];
/** The service answers topology for at most 1440 minutes at once. */
const MAX_SPAN = 1440 * 60;
const windowLabel = (m: number) => (m < 60 ? `${m} minutes` : m === 60 ? '1 hour' : m === 1440 ? '24 hours' : `${m / 60} hours`);

/**
 * Who talks to whom among process groups: chosen groups (`groups`), a window (`minutes` back from the
 * latest connections, or `minutes=range` for the dashboard's time range, e.g. the hour of an incident), PNG export.
 */
export default function TopologyPage() {
  const [params, setParams] = useSearchParams();
  const { view, window } = useTimeView();
  const span = window.to - window.from;
  const useRange = params.get('minutes') === 'range' && span <= MAX_SPAN;
  const minutes = Number(params.get('minutes')) || 60;
  const groups = useMemo(() => (params.get('groups') ?? '').split(',').filter(Boolean).map(Number).filter((n) => n > 0), [params]);
  const apps = useApplications();
  const request: TopologyRequest = useMemo(
    () => (useRange ? { groups, start: window.from, end: window.to } : { groups, num: minutes }),
    [groups, minutes, useRange, window.from, window.to],
  );
  // Topology follows the dashboard's refresh (once a minute) unless it is paused.
  const topo = useTopology(request, view.paused ? false : 60_000);
  const elements = useMemo(() => (topo.data ? topologyToElements(topo.data) : []), [topo.data]);
  const cy = useRef<Core | null>(null);
  const navigate = useNavigate();
  // A tapped group opens its application page over the same range (the window and groups are this page's own).
  const openGroup = (d: Record<string, unknown>) => {
    if (typeof d.groupId !== 'number') return;
    const search = new URLSearchParams(params);
    for (const k of ['groups', 'minutes']) search.delete(k);
    navigate({ pathname: paths.application(d.groupId), search: search.toString() });
  };

  const setGroups = (ids: number[]) => setParams((p) => (ids.length ? p.set('groups', ids.join(',')) : p.delete('groups'), p), { replace: true });
  const exportPng = () => {
    if (!cy.current) return;
    const a = document.createElement('a');
    a.href = cy.current.png({ full: true, scale: 2, bg: '#ffffff' });
    a.download = `topology-${new Date().toISOString().slice(0, 16).replace(':', '')}.png`;
    a.click();
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <h1 className="text-lg font-semibold">Application topology</h1>
        <label className="text-xs">
          Window
          <select className={`${inputBase} ml-1`} value={useRange ? 'range' : minutes} onChange={(e) => setParams((p) => (p.set('minutes', e.target.value), p), { replace: true })}>
            {WINDOWS.map((m) => (
              <option key={m} value={m}>
                Last {windowLabel(m)}
              </option>
            ))}
            <option value="range" disabled={span > MAX_SPAN}>
              The dashboard's time range{span > MAX_SPAN ? ' (24 hours at most)' : ''}
            </option>
          </select>
        </label>
        <Button onClick={exportPng} disabled={elements.length === 0}>
          Export PNG
        </Button>
      </div>
      <FieldGroup legend={`Process groups (${groups.length ? `${groups.length} chosen` : 'all'})`}>
        <div className="flex flex-wrap gap-2">
          {(apps.data ?? []).map((a) => (
            <label key={a.id} className="flex items-center gap-1 rounded border border-slate-200 px-2 py-1 text-sm dark:border-slate-700">
              <input type="checkbox" checked={groups.includes(a.id)} onChange={(e) => setGroups(e.target.checked ? [...groups, a.id].sort((x, y) => x - y) : groups.filter((g) => g !== a.id))} />
              {a.name}
            </label>
          ))}
          {groups.length > 0 && (
            <Button variant="ghost" onClick={() => setGroups([])}>
              Show all
            </Button>
          )}
        </div>
      </FieldGroup>
      {topo.isPending && <Loading what="topology" />}
      {topo.error && <ErrorBox error={topo.error} />}
      {topo.data && topo.data.nodes.length === 0 && <Empty>No process groups yet: applications appear once they are detected on servers.</Empty>}
      {topo.data && topo.data.nodes.length > 0 && (
        <CyGraph
          label={`Topology graph: ${topo.data.nodes.length} process groups and ${topo.data.connections.length} connections`}
          elements={elements}
          stylesheet={topologyStyle}
          layout={topologyLayout}
          keepPositions
          persistKey="topology"
          onNodeTap={openGroup}
          onReady={(c) => (cy.current = c)}
        />
      )}
    </div>
  );
}
