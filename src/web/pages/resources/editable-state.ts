import type { EditableResource } from '../../app/editable-resource';
import { checkWith, type FieldErrors } from '../../components/forms/schema-errors';

/** The `edit` URL parameter: "new" for the empty form, an item's id, or null (no form; also for a malformed id). */
export function editParam(raw: string | null): 'new' | number | null {
  if (raw === 'new') return 'new';
  if (raw !== null && /^[1-9]\d*$/.test(raw)) return Number(raw);
  return null;
}

/**
 * What the form sends, checked with the resource's shared schema first. The input itself is sent, not
 * what the schema makes of it (the service parses it with the same schema).
 */
export function prepareInput<F extends object, I>(
  r: Pick<EditableResource<{ id: number }, F, I, unknown>, 'toInput' | 'schema'>,
  values: F,
  initial: F,
  creating: boolean,
): { ok: true; input: I } | { ok: false; errors: FieldErrors } {
  const input = r.toInput(values, initial, creating);
  const checked = checkWith(r.schema(creating), input);
  return checked.ok ? { ok: true, input } : checked;
}
