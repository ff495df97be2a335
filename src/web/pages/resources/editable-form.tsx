import { useState, type FormEvent } from 'react';
import type { EditableResource } from '../../app/editable-resource';
import { FormError } from '../../components/forms/form-fields';
import { serverFieldErrors, type FieldErrors } from '../../components/forms/schema-errors';
import { Button } from '../../components/ui/button';
import { prepareInput } from './editable-state';

/**
 * The form of an editable resource: its fields, validated with the shared schema on submit; a server
 * error lands at the field it names, else at the top. The page owns the save.
 */
export function EditableForm<T extends { id: number }, F extends object, I, O>({
  resource,
  initial,
  creating,
  options,
  onSubmit,
  onCancel,
  pending,
  error,
}: {
  resource: EditableResource<T, F, I, O>;
  initial: F;
  creating: boolean;
  options: O;
  onSubmit: (input: I) => void;
  onCancel: () => void;
  pending: boolean;
  error: unknown;
}) {
  const [values, setValues] = useState(initial);
  const [local, setLocal] = useState<FieldErrors>({});
  const errors = { ...serverFieldErrors(error), ...local };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = prepareInput(resource, values, initial, creating);
    setLocal(r.ok ? {} : r.errors);
    if (r.ok) onSubmit(r.input);
  };
  const { Fields } = resource;
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <FormError errors={errors} />
      <Fields value={values} set={(patch) => setValues((v) => ({ ...v, ...patch }))} errors={errors} options={options} creating={creating} />
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? 'Saving…' : resource.labels.save(creating)}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
