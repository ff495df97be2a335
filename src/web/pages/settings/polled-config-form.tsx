import { useState, type FormEvent } from 'react';
import { polledDataConfigInput } from '../../../shared/polled-data-config';
import type { PolledConfigFormInput } from '../../api/settings';
import { FormError, TextAreaField } from '../../components/forms/form-fields';
import { checkWith, serverFieldErrors, type FieldErrors } from '../../components/forms/schema-errors';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';

/** The polled-data (Nagios) configuration of a server: file path, contents and frequency in seconds. */
export function PolledConfigForm({ initial, onSubmit, pending, error }: { initial: PolledConfigFormInput; onSubmit: (v: PolledConfigFormInput) => void; pending: boolean; error: unknown }) {
  const [v, setV] = useState(initial);
  const [local, setLocal] = useState<FieldErrors>({});
  const errors = { ...serverFieldErrors(error), ...local };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = checkWith(polledDataConfigInput, v);
    setLocal(r.ok ? {} : r.errors);
    if (r.ok) onSubmit(v);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <FormError errors={errors} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Configuration file path" value={v.file_path} onChange={(e) => setV({ ...v, file_path: e.target.value })} error={errors.file_path} />
        <TextField label="Frequency (seconds)" inputMode="numeric" value={v.frequency} onChange={(e) => setV({ ...v, frequency: e.target.value })} error={errors.frequency} hint="A multiple of 60" />
      </div>
      <TextAreaField label="File contents" rows={8} value={v.file_contents} onChange={(e) => setV({ ...v, file_contents: e.target.value })} error={errors.file_contents} />
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? 'Saving…' : 'Save polled-data config'}
      </Button>
    </form>
  );
}
