import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { inputClass } from '../ui/field';
import { FORM_ERROR, type FieldErrors } from './schema-errors';

/** The message under a field, announced and tied to the control by aria-describedby. */
function FieldMessage({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700 dark:text-red-400">
      {error}
    </p>
  );
}

/** A labelled select whose error, when given, is announced and tied to it. */
export function ChoiceField({ label, error, children, ...rest }: SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-err` : undefined} {...rest}>
        {children}
      </select>
      <FieldMessage id={`${id}-err`} error={error} />
    </div>
  );
}

/** A labelled textarea with an error. */
export function TextAreaField({ label, error, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea id={id} className={`${inputClass} font-mono`} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-err` : undefined} {...rest} />
      <FieldMessage id={`${id}-err`} error={error} />
    </div>
  );
}

/** A group of controls (checkboxes) under a legend, with the error of the field they make up. */
export function FieldGroup({ legend, error, children }: { legend: string; error?: string; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset className="space-y-1" aria-describedby={error ? `${id}-err` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      {children}
      <FieldMessage id={`${id}-err`} error={error} />
    </fieldset>
  );
}

/** The error that belongs to no single field (e.g. a 403), shown at the top of a form. */
export function FormError({ errors }: { errors: FieldErrors }) {
  const e = errors[FORM_ERROR];
  if (!e) return null;
  return (
    <p role="alert" className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
      {e}
    </p>
  );
}
