import { parseStatsdLine } from '../../../shared/statsd';
import { useState, type FormEvent } from 'react';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';

/** The service's own StatsD line rules (src/shared/statsd.ts), checked before sending; null when valid. */
export function checkStatsdLine(line: string): string | null {
  const r = parseStatsdLine(line);
  return r.ok ? null : r.error;
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
