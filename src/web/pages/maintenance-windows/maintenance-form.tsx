import { useState, type FormEvent } from 'react';
import { maintenanceWindowInput } from '../../../shared/maintenance-windows';
import type { MaintenanceWindowFormInput } from '../../api/maintenance-windows';
import { FormError, TextAreaField } from '../../components/forms/form-fields';
import { checkWith, serverFieldErrors, type FieldErrors } from '../../components/forms/schema-errors';
import { ServerChecklist } from '../../components/forms/server-checklist';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';

/** A maintenance window: UTC start and end (yyyy-mm-dd hh:mm), a reason, the servers it covers. */
export function MaintenanceForm({
  initial,
  servers,
  onSubmit,
  onCancel,
  pending,
  error,
}: {
  initial: MaintenanceWindowFormInput;
  servers: readonly { id: number; hostname: string; nickname?: string }[];
  onSubmit: (v: MaintenanceWindowFormInput) => void;
  onCancel: () => void;
  pending: boolean;
  error: unknown;
}) {
  const [v, setV] = useState(initial);
  const [local, setLocal] = useState<FieldErrors>({});
  const errors = { ...serverFieldErrors(error), ...local };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = checkWith(maintenanceWindowInput, v);
    setLocal(r.ok ? {} : r.errors);
    if (r.ok) onSubmit({ ...v, start: v.start.trim(), end: v.end.trim() });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <FormError errors={errors} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Start (UTC)" placeholder="2030-01-31 22:00" value={v.start} onChange={(e) => setV({ ...v, start: e.target.value })} error={errors.start} hint="yyyy-mm-dd hh:mm, UTC" />
        <TextField label="End (UTC)" placeholder="2030-02-01 02:00" value={v.end} onChange={(e) => setV({ ...v, end: e.target.value })} error={errors.end} hint="yyyy-mm-dd hh:mm, UTC" />
      </div>
      <TextAreaField label="Reason" rows={2} value={v.reason} onChange={(e) => setV({ ...v, reason: e.target.value })} error={errors.reason} />
      <ServerChecklist servers={servers} selected={v.servers} onChange={(ids) => setV({ ...v, servers: ids })} error={errors.servers} />
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? 'Saving…' : 'Save window'}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
