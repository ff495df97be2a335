import { useMemo, useState } from 'react';
import { useServerSets } from '../../api/incidents';
import { useServerTagList } from '../../api/server-tags';
import { Button } from '../ui/button';
import { inputBase, inputClass } from '../ui/field';
import { FieldGroup } from './form-fields';
import { matchServers, pickName, withIds, type PickServer } from './server-pick';

const SHOWN = 50;

/** A select that adds the servers of the group (tag or set) chosen in it, then returns to its prompt. */
function GroupAdder({ label, choose, groups = [], onAdd }: { label: string; choose: string; groups?: readonly { id: number; name: string; servers: number[] }[]; onAdd: (ids: number[]) => void }) {
  return (
    <label className="text-xs font-medium">
      {label}
      <select className={`${inputBase} block`} value="" onChange={(e) => onAdd(groups.find((g) => g.id === Number(e.target.value))?.servers ?? [])}>
        <option value="">{choose}</option>
        {groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name} ({g.servers.length})
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Picks servers among hundreds without a checkbox per server: add a tag's or a set's servers at once,
 * search by name and select the matches (checkboxes for the first 50), select all or none; the
 * selection shows as removable names.
 */
export function ServerPicker({ servers, selected, onChange, error }: { servers: readonly PickServer[]; selected: readonly number[]; onChange: (ids: number[]) => void; error?: string }) {
  const [q, setQ] = useState('');
  const [showAll, setShowAll] = useState(false);
  const tags = useServerTagList();
  const sets = useServerSets();
  const known = useMemo(() => new Set(servers.map((s) => s.id)), [servers]);
  const byId = useMemo(() => new Map(servers.map((s) => [s.id, s])), [servers]);
  const matches = useMemo(() => (q.trim() ? matchServers(servers, q) : []), [servers, q]);
  const picked = new Set(selected);
  const change = (ids: readonly number[], on: boolean) => onChange(withIds(selected, ids, on, known));
  const chosen = selected.map((id) => byId.get(id) ?? { id, hostname: `#${id}` });
  const chips = showAll ? chosen : chosen.slice(0, 30);

  return (
    <FieldGroup legend={`Servers (${picked.size} of ${servers.length} selected)`} error={error}>
      <div className="flex flex-wrap items-end gap-2">
        <Button onClick={() => change([...known], true)}>Select all {servers.length}</Button>
        <Button onClick={() => onChange([])} disabled={picked.size === 0}>
          Select none
        </Button>
        <GroupAdder label="Add a tag's servers" choose="Choose a tag…" groups={tags.data} onAdd={(ids) => change(ids, true)} />
        <GroupAdder label="Add a set's servers" choose="Choose a set…" groups={sets.data} onAdd={(ids) => change(ids, true)} />
      </div>
      <label className="block text-xs font-medium">
        Search servers
        <input className={inputClass} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="hostname or nickname" />
      </label>
      {q.trim() && (
        <div className="space-y-1 rounded border border-slate-200 p-2 dark:border-slate-700" role="group" aria-label="Servers matching the search">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span aria-live="polite">{matches.length === 1 ? '1 server matches' : `${matches.length} servers match`}</span>
            {matches.length > 0 && (
              <>
                <Button variant="ghost" onClick={() => change(matches.map((s) => s.id), true)}>
                  Select the {matches.length} matching
                </Button>
                <Button variant="ghost" onClick={() => change(matches.map((s) => s.id), false)}>
                  Clear the matching
                </Button>
              </>
            )}
          </div>
          <div className="grid max-h-48 gap-x-3 overflow-auto sm:grid-cols-2">
            {matches.slice(0, SHOWN).map((s) => (
              <label key={s.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={picked.has(s.id)} onChange={(e) => change([s.id], e.target.checked)} />
                {pickName(s)}
                {s.nickname && <span className="text-xs text-slate-600 dark:text-slate-400">{s.hostname}</span>}
              </label>
            ))}
          </div>
          {matches.length > SHOWN && <p className="text-xs text-slate-600 dark:text-slate-400">{matches.length - SHOWN} more: narrow the search, or select all matching.</p>}
        </div>
      )}
      {chosen.length > 0 && (
        <ul aria-label="Selected servers" className="flex flex-wrap gap-1">
          {chips.map((s) => (
            <li key={s.id} className="flex items-center rounded-full bg-slate-100 pl-2 text-sm dark:bg-slate-800">
              {pickName(s)}
              <button type="button" className="rounded-full px-1.5 text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-700" aria-label={`Remove ${pickName(s)}`} onClick={() => change([s.id], false)}>
                ×
              </button>
            </li>
          ))}
          {chosen.length > chips.length && (
            <li>
              <Button variant="ghost" onClick={() => setShowAll(true)}>
                Show all {chosen.length}
              </Button>
            </li>
          )}
        </ul>
      )}
    </FieldGroup>
  );
}
