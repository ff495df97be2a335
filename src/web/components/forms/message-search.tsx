import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { searchFromParams, writeSearch, type SearchMode } from '../../lib/bre-filter';
import { Button } from '../ui/button';
import { inputBase } from '../ui/field';

/**
 * The message search of a log page, kept in the URL: plain text found anywhere in a message by
 * default, a regular expression (the API's, matched against the whole message) when switched on.
 * Applying a search goes back to the first page of messages (`mpage`).
 */
export function MessageSearch({ placeholder }: { placeholder: string }) {
  const [params, setParams] = useSearchParams();
  const current = searchFromParams(params);
  const [text, setText] = useState(current.text);
  const [mode, setMode] = useState<SearchMode>({ regex: current.regex, matchCase: current.matchCase });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setParams((p) => {
      const out = writeSearch(p, { text, ...mode });
      out.delete('mpage');
      return out;
    });
  };
  const check = (key: keyof SearchMode, label: string) => (
    <label className="flex items-center gap-1 text-xs">
      <input type="checkbox" checked={mode[key]} onChange={(e) => setMode({ ...mode, [key]: e.target.checked })} />
      {label}
    </label>
  );
  return (
    <form role="search" aria-label="Messages" onSubmit={apply} className="mb-2 flex flex-wrap items-end gap-2">
      <label className="text-xs">
        {mode.regex ? 'Regular expression (matches the whole message)' : 'Search messages'}
        <input data-filter className={`${inputBase} block w-80 max-w-full ${mode.regex ? 'font-mono' : ''}`} value={text} onChange={(e) => setText(e.target.value)} placeholder={mode.regex ? '.*error.*' : placeholder} />
      </label>
      {check('regex', 'Regular expression')}
      {!mode.regex && check('matchCase', 'Match case')}
      <Button type="submit">Search</Button>
    </form>
  );
}
