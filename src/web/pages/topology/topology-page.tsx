import { useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Core } from 'cytoscape';
import { useApplications } from '../../api/applications';
import { useTopology, type TopologyRequest } from '../../api/topology';
import { paths } from '../../app/paths';
import { useMe } from '../../api/session';
import { useTimeView } from '../../app/use-time-view';
import { useDarkMode } from '../../components/charts/palette';
import { CyGraph } from '../../components/graph/cy-graph';
import { topologyLayout } from '../../components/graph/graph-layouts';
import { topologyStyle } from '../../components/graph/graph-style';
import { FieldGroup } from '../../components/forms/form-fields';
import { Button } from '../../components/ui/button';
import { Empty, ErrorBox, Loading, Panel } from '../../components/ui/status';
import { formatTime } from '../../lib/format';
import { topologyRange, topologyTables, topologyToElements } from './to-elements';
import { ConnectionsTable, GroupsTable } from './topology-tables';

/**
 * Who talks to whom among process groups over the global range (its last 24 hours when longer):
 * chosen groups (`groups`), the graph with positions kept per account, the groups and connections as
 * text (the keyboard path through the graph), PNG export.
 */
export default function TopologyPage() {
  const [params, setParams] = useSearchParams();
  const { view, window } = useTimeView();
  const range = topologyRange(window);
  const groups = useMemo(() => (params.get('groups') ?? '').split(',').filter(Boolean).map(Number).filter((n) => n > 0), [params]);
  const apps = useApplications();
  const request: TopologyRequest = useMemo(() => ({ groups, start: range.start, end: range.end }), [groups, range.start, range.end]);
  // Topology follows the dashboard's refresh (once a minute) unless it is paused.
  const topo = useTopology(request, view.paused ? false : 60_000);
  const elements = useMemo(() => (topo.data ? topologyToElements(topo.data) : []), [topo.data]);
  const tables = useMemo(() => (topo.data ? topologyTables(topo.data) : null), [topo.data]);
  const dark = useDarkMode();
  const style = useMemo(() => topologyStyle(dark), [dark]);
  const cy = useRef<Core | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const navigate = useNavigate();
  // Positions are the signed-in person's: two people sharing a browser each keep their own picture.
  const persistKey = `topology.${useMe()?.email ?? 'anonymous'}`;
  const rangeSearch = useMemo(() => {
    const s = new URLSearchParams(params);
    s.delete('groups');
    return s.toString();
  }, [params]);
  // A tapped group opens its application page over the same range.
  const openGroup = (d: Record<string, unknown>) => typeof d.groupId === 'number' && navigate({ pathname: paths.application(d.groupId), search: rangeSearch });
  const show = (id: number) => {
    setSelected(id);
    const c = cy.current;
    if (!c) return;
    c.$(':selected').unselect();
    const n = c.getElementById(`g${id}`);
    n.select();
    c.center(n);
  };

  const setGroups = (ids: number[]) => setParams((p) => (ids.length ? p.set('groups', ids.join(',')) : p.delete('groups'), p), { replace: true });
  const exportPng = () => {
    if (!cy.current) return;
    const a = document.createElement('a');
    a.href = cy.current.png({ full: true, scale: 2, bg: dark ? '#0f172a' : '#ffffff' });
    a.download = `topology-${new Date().toISOString().slice(0, 16).replace(':', '')}.png`;
    a.click();
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <h1 className="text-lg font-semibold">Application topology</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {formatTime(range.start)} – {formatTime(range.end)} UTC{range.clipped ? ' (the last 24 hours of the range: the most one topology covers)' : ''}
        </p>
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
      {topo.data && topo.data.nodes.length > 0 && tables && (
        <>
          <CyGraph
            label={`Topology graph: ${topo.data.nodes.length} process groups and ${topo.data.connections.length} connections; the same as text in the tables below`}
            elements={elements}
            stylesheet={style}
            layout={topologyLayout}
            keepPositions
            persistKey={persistKey}
            onNodeTap={openGroup}
            onReady={(c) => (cy.current = c)}
          />
          <div className="grid gap-3 lg:grid-cols-2">
            <Panel title="Process groups">
              <GroupsTable groups={tables.groups} selected={selected} onShow={show} search={rangeSearch} />
            </Panel>
            <Panel title="Connections">
              <ConnectionsTable connections={tables.connections} />
            </Panel>
          </div>
        </>
      )}
    </div>
  );
}
