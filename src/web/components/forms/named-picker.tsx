import { useId, useMemo, useState } from 'react';
import { inputClass } from '../ui/field';
import { FieldGroup } from './form-fields';

type Named = { id: number; name: string };
const FEW = 12;
const SHOWN = 50;

/**
 * Picks items by name (alerts, tags, sets), never by id: a few show as checkboxes; many are searched,
 * the first 50 matches as checkboxes. The selection shows as removable names.
 */
export function NamedPicker({ legend, items, selected, onChange, error, noun }: { legend: string; items: readonly Named[]; selected: readonly number[]; onChange: (ids: number[]) => void; error?: string; noun: string }) {
  const [q, setQ] = useState('');
  const searchId = useId();
  const byId = useMemo(() => new Map(items.map((i) => [i.id, i.name])), [items]);
  const many = items.length > FEW;
  const needle = q.trim().toLowerCase();
  const shown = !many ? items : needle ? items.filter((i) => i.name.toLowerCase().includes(needle)) : [];
  const picked = new Set(selected);
  const toggle = (id: number, on: boolean) => onChange(on ? [...new Set([...selected, id])].sort((a, b) => a - b) : selected.filter((x) => x !== id));
  return (
    <FieldGroup legend={`${legend} (${picked.size} selected)`} error={error}>
      {items.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">None in this account.</p>}
      {many && (
        <div>
          <label htmlFor={searchId} className="block text-xs font-medium">
            Search {noun}
          </label>
          <input id={searchId} className={inputClass} type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        </div>
      )}
      {shown.length > 0 && (
        <div className="grid max-h-48 gap-x-3 overflow-auto sm:grid-cols-2">
          {shown.slice(0, SHOWN).map((i) => (
            <label key={i.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={picked.has(i.id)} onChange={(e) => toggle(i.id, e.target.checked)} />
              <span className="break-words">{i.name}</span>
            </label>
          ))}
        </div>
      )}
      {many && needle && shown.length > SHOWN && <p className="text-xs text-slate-600 dark:text-slate-400">{shown.length - SHOWN} more: narrow the search.</p>}
      {many && needle && shown.length === 0 && <p className="text-xs text-slate-600 dark:text-slate-400">No {noun} match.</p>}
      {many && selected.length > 0 && (
        <ul aria-label={`Selected ${noun}`} className="flex flex-wrap gap-1">
          {selected.map((id) => {
            const name = byId.get(id) ?? `#${id}`;
            return (
              <li key={id} className="flex items-center rounded-full bg-slate-100 pl-2 text-sm dark:bg-slate-800">
                {name}
                <button type="button" className="rounded-full px-1.5 text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-700" aria-label={`Remove ${name}`} onClick={() => toggle(id, false)}>
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </FieldGroup>
  );
}
