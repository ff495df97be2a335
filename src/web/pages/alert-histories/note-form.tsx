import { useState, type FormEvent } from 'react';
import { NOTE_MAX, noteInput, type NoteInput } from '../../../shared/incident-response';
import { FormError, TextAreaField } from '../../components/forms/form-fields';
import { checkWith, serverFieldErrors, type FieldErrors } from '../../components/forms/schema-errors';
import { Button } from '../../components/ui/button';

/** A note on the incident, checked with the shared schema; the page owns the save (and remounts the form after one). */
export function NoteForm({ onSubmit, pending, error }: { onSubmit: (n: NoteInput) => void; pending: boolean; error: unknown }) {
  const [text, setText] = useState('');
  const [local, setLocal] = useState<FieldErrors>({});
  const errors = { ...serverFieldErrors(error), ...local };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = checkWith(noteInput, { text });
    setLocal(r.ok ? {} : r.errors);
    if (r.ok) onSubmit({ text });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2" aria-label="Add a note">
      <FormError errors={errors} />
      <TextAreaField label="Note" rows={3} maxLength={NOTE_MAX} value={text} onChange={(e) => setText(e.target.value)} error={errors.text} placeholder="What you found, what you did" />
      <Button type="submit" variant="primary" className="min-h-11 sm:min-h-0" disabled={pending}>
        {pending ? 'Adding…' : 'Add note'}
      </Button>
    </form>
  );
}
