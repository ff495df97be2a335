import { useState, type FormEvent } from 'react';
import { userCreate, userUpdate } from '../../../shared/users';
import type { UserFormInput } from '../../api/users';
import { FormError } from '../../components/forms/form-fields';
import { checkWith, serverFieldErrors, type FieldErrors } from '../../components/forms/schema-errors';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';

/** A user profile: names, e-mail, and the country code and phone number that SMS needs. */
export function UserForm({
  initial,
  creating,
  onSubmit,
  onCancel,
  pending,
  error,
}: {
  initial: UserFormInput;
  creating: boolean;
  onSubmit: (v: Partial<UserFormInput>) => void;
  onCancel: () => void;
  pending: boolean;
  error: unknown;
}) {
  const [v, setV] = useState(initial);
  const [local, setLocal] = useState<FieldErrors>({});
  const errors = { ...serverFieldErrors(error), ...local };
  // On update only what changed is sent; an emptied phone field is left as it was.
  const changed = (): Partial<UserFormInput> =>
    creating ? v : Object.fromEntries(Object.entries(v).filter(([k, x]) => x !== initial[k as keyof UserFormInput] && x.trim() !== ''));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = changed();
    const r = checkWith(creating ? userCreate : userUpdate, input);
    setLocal(r.ok ? {} : r.errors);
    if (r.ok) onSubmit(input);
  };
  const field = (k: keyof UserFormInput, label: string, extra: Record<string, string> = {}) => (
    <TextField label={label} value={v[k]} onChange={(e) => setV({ ...v, [k]: e.target.value })} error={errors[k]} {...extra} />
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <FormError errors={errors} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {field('first_name', 'First name')}
        {field('last_name', 'Last name')}
        {field('email', 'E-mail address', { type: 'email', autoComplete: 'off' })}
        {field('country_code', 'Country code', { inputMode: 'numeric', placeholder: '44' })}
        {field('phone_number', 'Phone number', { inputMode: 'numeric', placeholder: '7700900123' })}
      </div>
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? 'Saving…' : creating ? 'Create user' : 'Save user'}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
