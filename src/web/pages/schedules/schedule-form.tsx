import { useState, type FormEvent } from 'react';
import type { Schedule } from '../../../shared/schedules';
import type { ScheduleFormInput } from '../../api/schedules';
import { FormError } from '../../components/forms/form-fields';
import type { FieldErrors } from '../../components/forms/schema-errors';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { browserTimeZone } from '../../lib/zoned-time';
import { fromDraft, newDraft, toDraft, type RotationDraft } from './rotation-draft';
import { RotationFields } from './rotation-fields';

const ZONES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

interface Props {
  initial: Schedule | null;
  people: { id: number; name: string }[];
  onSubmit: (input: ScheduleFormInput) => void;
  onCancel: () => void;
  pending: boolean;
  /** The service's refusal, on the field it names (name, time_zone, rotations) or the form. */
  errors: FieldErrors;
}

/** Create or edit a schedule: name, zone, and rotations in layer order. The service checks everything. */
export function ScheduleForm({ initial, people, onSubmit, onCancel, pending, errors }: Props) {
  const [name, setName] = useState(initial?.name ?? '');
  const [zone, setZone] = useState(initial?.time_zone ?? browserTimeZone());
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  const [rotations, setRotations] = useState<RotationDraft[]>(() => (initial ? initial.rotations.map((r) => toDraft(r, initial.time_zone)) : [newDraft(zone, now)]));
  const setAt = (i: number) => (p: Partial<RotationDraft>) => setRotations((rs) => rs.map((r, j) => (j === i ? { ...r, ...p } : r)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ name, time_zone: zone, rotations: rotations.map((r) => fromDraft(r, zone)) });
  };
  return (
    <form onSubmit={submit} aria-label={initial ? `Edit ${initial.name}` : 'New schedule'} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} required maxLength={100} />
        <TextField label="Time zone" list="schedule-zones" value={zone} onChange={(e) => setZone(e.target.value)} error={errors.time_zone} hint="Hand-offs keep their local time across daylight-saving changes." required />
        <datalist id="schedule-zones">
          {ZONES.map((z) => <option key={z} value={z} />)}
        </datalist>
      </div>
      {rotations.map((r, i) => (
        <RotationFields key={i} index={i} value={r} set={setAt(i)} people={people} onRemove={rotations.length > 1 ? () => setRotations((rs) => rs.filter((_, j) => j !== i)) : undefined} />
      ))}
      {errors.rotations && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{errors.rotations}</p>}
      <FormError errors={errors} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setRotations((rs) => [...rs, newDraft(zone, now)])}>Add a rotation (layer)</Button>
        <span className="flex-1" />
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={pending}>{pending ? 'Saving…' : 'Save schedule'}</Button>
      </div>
    </form>
  );
}
