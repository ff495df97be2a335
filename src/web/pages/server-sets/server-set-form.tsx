import { useState, type FormEvent } from 'react';
import { serverSetInput } from '../../../shared/server-sets';
import type { ServerSetFormInput } from '../../api/server-sets';
import { FieldGroup, FormError } from '../../components/forms/form-fields';
import { checkWith, serverFieldErrors, type FieldErrors } from '../../components/forms/schema-errors';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';

/** A server set: a name, the tags whose servers it holds, and whether applications are detected on it. */
export function ServerSetForm({
  initial,
  tags,
  onSubmit,
  onCancel,
  pending,
  error,
}: {
  initial: ServerSetFormInput;
  tags: readonly { id: number; name: string }[];
  onSubmit: (v: ServerSetFormInput) => void;
  onCancel: () => void;
  pending: boolean;
  error: unknown;
}) {
  const [v, setV] = useState(initial);
  const [local, setLocal] = useState<FieldErrors>({});
  const errors = { ...serverFieldErrors(error), ...local };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = checkWith(serverSetInput, v);
    setLocal(r.ok ? {} : r.errors);
    if (r.ok) onSubmit(v);
  };
  const toggle = (id: number, on: boolean) => setV({ ...v, server_tags: on ? [...v.server_tags, id].sort((a, b) => a - b) : v.server_tags.filter((x) => x !== id) });
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <FormError errors={errors} />
      <div className="max-w-sm">
        <TextField label="Set name" value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} error={errors.name} />
      </div>
      <FieldGroup legend="Server tags" error={errors.server_tags}>
        <div className="flex flex-wrap gap-2">
          {tags.map((t) => (
            <label key={t.id} className="flex items-center gap-1 rounded border border-slate-200 px-2 py-1 text-sm dark:border-slate-700">
              <input type="checkbox" checked={v.server_tags.includes(t.id)} onChange={(e) => toggle(t.id, e.target.checked)} />
              {t.name}
            </label>
          ))}
        </div>
      </FieldGroup>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={v.auto_detection} onChange={(e) => setV({ ...v, auto_detection: e.target.checked })} /> Detect applications automatically
      </label>
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? 'Saving…' : 'Save set'}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
