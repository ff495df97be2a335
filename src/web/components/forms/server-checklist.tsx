import { useState } from 'react';
import { inputClass } from '../ui/field';
import { FieldGroup } from './form-fields';

/** Picks servers among many: a name filter over a scrollable list of checkboxes. */
export function ServerChecklist({
  servers,
  selected,
  onChange,
  legend = 'Servers',
  error,
}: {
  servers: readonly { id: number; hostname: string; nickname?: string }[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  legend?: string;
  error?: string;
}) {
  const [q, setQ] = useState('');
  const picked = new Set(selected);
  const needle = q.trim().toLowerCase();
  const shown = servers.filter((s) => !needle || `${s.hostname} ${s.nickname ?? ''}`.toLowerCase().includes(needle)).slice(0, 500);
  const toggle = (id: number, on: boolean) => {
    const next = new Set(picked);
    if (on) next.add(id);
    else next.delete(id);
    onChange([...next].sort((a, b) => a - b));
  };
  return (
    <FieldGroup legend={`${legend} (${picked.size} selected)`} error={error}>
      <input className={inputClass} value={q} onChange={(e) => setQ(e.target.value)} placeholder="Filter servers by name" aria-label={`Filter ${legend.toLowerCase()}`} />
      <div className="max-h-48 overflow-auto rounded border border-slate-200 p-1 dark:border-slate-700">
        {shown.map((s) => (
          <label key={s.id} className="flex items-center gap-2 px-1 py-0.5 text-sm">
            <input type="checkbox" checked={picked.has(s.id)} onChange={(e) => toggle(s.id, e.target.checked)} />
            {s.nickname || s.hostname}
            {s.nickname && <span className="text-xs text-slate-600 dark:text-slate-400">{s.hostname}</span>}
          </label>
        ))}
        {shown.length === 0 && <p className="p-1 text-sm text-slate-600 dark:text-slate-400">No server matches.</p>}
      </div>
    </FieldGroup>
  );
}
