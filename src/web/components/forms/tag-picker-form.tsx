import { useState, type FormEvent } from 'react';
import { Button } from '../ui/button';

/** Picks the tags of a server among the account's tags; the page owns the save. */
export function TagPickerForm({
  tags,
  selected,
  onSubmit,
  pending,
  error,
}: {
  tags: readonly { id: number; name: string }[];
  selected: readonly number[];
  onSubmit: (ids: number[]) => void;
  pending: boolean;
  error?: string;
}) {
  const [picked, setPicked] = useState(() => new Set(selected));
  // New `selected` from the server replaces the picks (state adjusted while rendering, not in an effect).
  const [shown, setShown] = useState(selected);
  if (shown !== selected) {
    setShown(selected);
    setPicked(new Set(selected));
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit([...picked].sort((a, b) => a - b));
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <fieldset>
        <legend className="sr-only">Tags</legend>
        {tags.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">The account has no tags yet.</p>}
        <div className="flex flex-wrap gap-2">
          {tags.map((t) => (
            <label key={t.id} className="flex items-center gap-1 rounded border border-slate-200 px-2 py-1 text-sm dark:border-slate-700">
              <input
                type="checkbox"
                checked={picked.has(t.id)}
                onChange={(e) =>
                  setPicked((p) => {
                    const n = new Set(p);
                    if (e.target.checked) n.add(t.id);
                    else n.delete(t.id);
                    return n;
                  })
                }
              />
              {t.name}
            </label>
          ))}
        </div>
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={pending || tags.length === 0}>
        {pending ? 'Saving…' : 'Save tags'}
      </Button>
    </form>
  );
}
