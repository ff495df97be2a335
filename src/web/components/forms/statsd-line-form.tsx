import { useState, type FormEvent } from 'react';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';

/** Checks the spec's message rules before sending: name 1-256 characters, a non-empty value. */
export function checkStatsdLine(line: string): string | null {
  const i = line.indexOf(':');
  if (i < 0) return 'Write the line as <bucket name>:<value>, e.g. web.hits:1|c';
  const name = line.slice(0, i);
  if (name.length < 1 || name.length > 256) return 'The bucket name must be 1-256 characters';
  if (line.slice(i + 1).trim() === '') return 'The value must not be empty';
  return null;
}

/** A form that sends one StatsD line; the page owns the mutation and passes its error. */
export function StatsdLineForm({ onSubmit, pending, error, initial = '' }: { onSubmit: (line: string) => void; pending: boolean; error?: string; initial?: string }) {
  const [line, setLine] = useState(initial);
  const [local, setLocal] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = checkStatsdLine(line.trim());
    setLocal(problem);
    if (!problem) onSubmit(line.trim());
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
      <div className="w-96 max-w-full">
        <TextField label="StatsD line" value={line} onChange={(e) => setLine(e.target.value)} placeholder="web.hits:1|c" error={local ?? error} className="font-mono" />
      </div>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? 'Sending…' : 'Send line'}
      </Button>
    </form>
  );
}
