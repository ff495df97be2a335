import type { z } from 'zod';

/** Messages by field name; `_form` holds what concerns no single field. */
export type FieldErrors = Record<string, string>;

export const FORM_ERROR = '_form';

/** The first message of each top-level field named by a zod error (nested paths land on their top field). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : FORM_ERROR;
    out[key] ??= issue.message;
  }
  return out;
}

/** Checks `input` with the same schema the service uses; errors keyed by field when it fails. */
export function checkWith<S extends z.ZodType>(schema: S, input: unknown): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const r = schema.safeParse(input);
  return r.success ? { ok: true, data: r.data } : { ok: false, errors: zodFieldErrors(r.error) };
}

/**
 * A failed mutation as field errors: the API names the field it refused (ApiError.field), which
 * may be an alias the form shows under another name (`aliases`, e.g. ip_detail -> ip_details).
 */
export function serverFieldErrors(error: unknown, aliases: Record<string, string> = {}): FieldErrors {
  if (!error) return {};
  const message = error instanceof Error ? error.message : String(error);
  const field = typeof error === 'object' && 'field' in error && typeof error.field === 'string' ? error.field : undefined;
  return { [field ? (aliases[field] ?? field) : FORM_ERROR]: message };
}
