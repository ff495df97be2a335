import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { Empty, ErrorBox, Loading } from '../../../components/ui/status';
import { HostMapCanvas } from './host-map-canvas';
import { cellColour, COLOUR_BYS, formatFigure, legendOf, type ColourBy } from './host-map-colour';
import { GROUP_BYS, spansOf, type GroupBy } from './host-map-layout';
import { HostMapTable } from './host-map-table';
import { SIZE_BYS, useHostMapData, type SizeBy } from './use-host-map-data';

const GROUP_LABEL: Record<GroupBy, string> = { tag: 'Tag', set: 'Server set', os: 'OS', none: 'Nothing' };
const COLOUR_LABEL: Record<ColourBy, string> = { cpu: 'CPU', memory: 'Memory used', disk: 'Fullest disk', incidents: 'Open incidents' };
const SIZE_LABEL: Record<SizeBy, string> = { none: 'All alike', memory: 'Memory capacity', cpus: 'CPU count' };
// View state of this page only: links to a server carry the rest of the query (the range) but not these.
const KEYS = ['group', 'colour', 'size', 'view'];

const pick = <T extends string>(all: readonly T[], raw: string | null, fallback: T): T => ((all as readonly string[]).includes(raw ?? '') ? (raw as T) : fallback);

/** Every server as a cell, grouped and coloured by a chosen figure; a click or Enter opens the server. */
export default function HostMapPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const group = pick(GROUP_BYS, params.get('group'), 'tag');
  const colour = pick(COLOUR_BYS, params.get('colour'), 'cpu');
  const size = pick(SIZE_BYS, params.get('size'), 'none');
  const table = params.get('view') === 'table';
  const { data, isPending, error } = useHostMapData(group, colour, size);
  const spans = useMemo(() => spansOf(data.size), [data.size]);
  const colourOf = useCallback((id: number) => cellColour(colour, data.figure.get(id) ?? null), [colour, data.figure]);
  const search = useMemo(() => {
    const p = new URLSearchParams(params);
    for (const k of KEYS) p.delete(k);
    return p.toString();
  }, [params]);
  const set = (k: string, v: string | null) => setParams((p) => (v ? p.set(k, v) : p.delete(k), p), { replace: true });
  const describe = (id: number, g: string) => `${data.servers.get(id)?.name ?? id} (${g}): ${COLOUR_LABEL[colour]} ${formatFigure(colour, data.figure.get(id) ?? null)}`;
  const open = (id: number) => navigate({ pathname: paths.server(id), search });
  const count = data.servers.size;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <h1 className="mr-2 text-lg font-semibold">Host map</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {count} servers in {data.groups.length} groups, coloured by {COLOUR_LABEL[colour]}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField label="Group by" value={group} onChange={(e) => set('group', e.target.value)}>
          {GROUP_BYS.map((g) => <option key={g} value={g}>{GROUP_LABEL[g]}</option>)}
        </SelectField>
        <SelectField label="Colour by" value={colour} onChange={(e) => set('colour', e.target.value)}>
          {COLOUR_BYS.map((c) => <option key={c} value={c}>{COLOUR_LABEL[c]}</option>)}
        </SelectField>
        <SelectField label="Size by" value={size} onChange={(e) => set('size', e.target.value)}>
          {SIZE_BYS.map((s) => <option key={s} value={s}>{SIZE_LABEL[s]}</option>)}
        </SelectField>
        <Button variant="ghost" aria-pressed={table} onClick={() => set('view', table ? null : 'table')}>
          Show as table
        </Button>
      </div>
      <ul aria-label={`Legend: ${COLOUR_LABEL[colour]}`} className="flex flex-wrap gap-3 text-xs">
        {legendOf(colour).map((l) => (
          <li key={l.label} className="flex items-center gap-1">
            <span aria-hidden className="inline-block h-3 w-3 rounded-sm" style={{ background: l.colour }} />
            {l.label}
          </li>
        ))}
      </ul>
      {isPending && <Loading what="servers" />}
      {error && <ErrorBox error={error} />}
      {!isPending && count === 0 && <Empty>No servers yet.</Empty>}
      {count > 0 &&
        (table ? (
          <HostMapTable data={data} colour={colour} colourLabel={COLOUR_LABEL[colour]} search={search} />
        ) : (
          <HostMapCanvas
            groups={data.groups}
            spans={spans}
            colourOf={colourOf}
            describe={describe}
            onOpen={open}
            label={`Host map of ${count} servers by ${GROUP_LABEL[group].toLowerCase()}, coloured by ${COLOUR_LABEL[colour].toLowerCase()}. Arrow keys move between servers, Enter opens one; "Show as table" lists them.`}
          />
        ))}
    </div>
  );
}
