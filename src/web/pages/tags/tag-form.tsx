import { useState, type FormEvent } from 'react';
import { serverTagCreate, serverTagUpdate, type ServerTagInput } from '../../../shared/server-tags';
import { FormError } from '../../components/forms/form-fields';
import { checkWith, serverFieldErrors, type FieldErrors } from '../../components/forms/schema-errors';
import { ServerChecklist } from '../../components/forms/server-checklist';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';

/** A server tag: its name (1-256 characters on create, 1-64 on update, as the service rules) and servers. */
export function TagForm({
  initial,
  creating,
  servers,
  onSubmit,
  onCancel,
  pending,
  error,
}: {
  initial: ServerTagInput;
  creating: boolean;
  servers: readonly { id: number; hostname: string; nickname?: string }[];
  onSubmit: (v: ServerTagInput) => void;
  onCancel: () => void;
  pending: boolean;
  error: unknown;
}) {
  const [v, setV] = useState(initial);
  const [local, setLocal] = useState<FieldErrors>({});
  const errors = { ...serverFieldErrors(error), ...local };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = checkWith(creating ? serverTagCreate : serverTagUpdate, v);
    setLocal(r.ok ? {} : r.errors);
    if (r.ok) onSubmit(r.data);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <FormError errors={errors} />
      <div className="max-w-sm">
        <TextField label="Tag name" value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} error={errors.name} />
      </div>
      <ServerChecklist servers={servers} selected={v.servers} onChange={(ids) => setV({ ...v, servers: ids })} error={errors.servers} />
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? 'Saving…' : 'Save tag'}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
