import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { inputBase, SelectField } from '../../components/ui/field';
import type { SearchState } from './search-state';

type Named = { id: number; name: string };

/** What the pickers offer, by name. */
export interface SearchChoices {
  servers: readonly Named[];
  tags: readonly Named[];
  sets: readonly Named[];
}

/**
 * One search box (applied on submit) and the pickers of server, tag, set, source type and severity
 * (applied at once). `onChange` receives the URL parameters to set ('' clears one).
 */
export function SearchForm({ state, choices, onChange }: { state: SearchState; choices: SearchChoices; onChange: (changes: Record<string, string>) => void }) {
  const [text, setText] = useState(state.q);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ q: text.trim() });
  };
  const picker = (label: string, key: string, value: string | number | null, items: readonly { value: string; name: string }[]) => (
    <SelectField label={label} value={value ?? ''} onChange={(e) => onChange({ [key]: e.target.value })}>
      <option value="">All</option>
      {items.map((i) => (
        <option key={i.value} value={i.value}>
          {i.name}
        </option>
      ))}
    </SelectField>
  );
  const named = (list: readonly Named[]) => list.map((n) => ({ value: String(n.id), name: n.name }));
  const plain = (list: readonly string[]) => list.map((v) => ({ value: v, name: v }));
  return (
    <div className="space-y-2">
      <form role="search" aria-label="Search every log" onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <label className="min-w-0 flex-1 text-xs font-medium text-slate-700 sm:max-w-md dark:text-slate-300">
          Messages containing
          <input data-filter className={`${inputBase} block w-full`} value={text} onChange={(e) => setText(e.target.value)} placeholder="timeout" />
        </label>
        <Button type="submit">Search</Button>
      </form>
      <div className="grid grid-cols-2 gap-2 md:grid-cols-5" role="group" aria-label="Narrow the search">
        {picker('Server', 'server', state.server, named(choices.servers))}
        {picker('Tag', 'tag', state.tag, named(choices.tags))}
        {picker('Set', 'set', state.set, named(choices.sets))}
        {picker('Source type', 'type', state.type, plain(['FILE', 'SYSLOG', 'EVENTLOG']))}
        {picker('Severity', 'severity', state.severity, [
          { value: 'critical', name: 'Critical' },
          { value: 'warning', name: 'Warning' },
          { value: 'info', name: 'Info' },
        ])}
      </div>
    </div>
  );
}
