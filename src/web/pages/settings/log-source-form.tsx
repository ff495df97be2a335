import { useState, type FormEvent } from 'react';
import { LOG_SOURCE_TYPES, logInput } from '../../../shared/logs';
import type { LogSourceFormInput } from '../../api/log-sources';
import { ChoiceField, FormError } from '../../components/forms/form-fields';
import { checkWith, serverFieldErrors, type FieldErrors } from '../../components/forms/schema-errors';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';

const SOURCE_HINT: Record<string, string> = {
  EVENTLOG: 'Application, System or Security',
  SYSLOG: 'A UDP port, 1-65535',
  FILE: 'An absolute file path',
};

/** A log source of a server: type, source (its rule follows the type) and messages per minute. */
export function LogSourceForm({ initial, onSubmit, onCancel, pending, error }: { initial: LogSourceFormInput; onSubmit: (v: LogSourceFormInput) => void; onCancel: () => void; pending: boolean; error: unknown }) {
  const [v, setV] = useState(initial);
  const [local, setLocal] = useState<FieldErrors>({});
  const errors = { ...serverFieldErrors(error), ...local };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = checkWith(logInput, v);
    setLocal(r.ok ? {} : r.errors);
    if (r.ok) onSubmit(v);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <FormError errors={errors} />
      <div className="grid gap-3 sm:grid-cols-3">
        <ChoiceField label="Log type" value={v.type} onChange={(e) => setV({ ...v, type: e.target.value })} error={errors.type}>
          {LOG_SOURCE_TYPES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </ChoiceField>
        <TextField label="Source" value={v.source} onChange={(e) => setV({ ...v, source: e.target.value })} error={errors.source} hint={SOURCE_HINT[v.type]} />
        <TextField label="Messages per minute" inputMode="numeric" value={v.limit} onChange={(e) => setV({ ...v, limit: e.target.value })} error={errors.limit} />
      </div>
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? 'Saving…' : 'Save log source'}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
