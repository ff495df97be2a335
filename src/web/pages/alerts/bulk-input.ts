import { alertBulkChanges, alertBulkSelect } from '../../../shared/alert-bulk';
import type { Params } from '../../api/client';
import { checkWith, type FieldErrors } from '../../components/forms/schema-errors';

/** The bulk edit form as typed: a selection by filter and the fields to change ('' leaves a field as it is). */
export interface BulkDraft {
  type: string;
  server_id: string;
  threshold: string;
  time_above_threshold: string;
  interval: string;
  active: '' | 'true' | 'false';
}

export const emptyBulkDraft = (over: Partial<BulkDraft> = {}): BulkDraft => ({ type: '', server_id: '', threshold: '', time_above_threshold: '', interval: '', active: '', ...over });

const CHANGES = ['threshold', 'time_above_threshold', 'interval', 'active'] as const;

/**
 * The POST /alerts/bulk parameters of a draft (dry_run is the caller's), checked with the service's
 * own schemas; errors by field, including "choose a filter" and "change something".
 */
export function bulkParams(d: BulkDraft): { ok: true; params: Params } | { ok: false; errors: FieldErrors } {
  const params: Params = {};
  if (d.type) params.type = d.type;
  if (d.server_id) params.server_id = d.server_id;
  for (const k of CHANGES) if (d[k].trim() !== '') params[k] = d[k].trim();
  const errors: FieldErrors = {};
  const select = checkWith(alertBulkSelect, params);
  if (!select.ok) errors.type = 'choose a type or a server';
  const changes = checkWith(alertBulkChanges, params);
  if (!changes.ok) Object.assign(errors, changes.errors);
  if (!CHANGES.some((k) => params[k] !== undefined)) errors.threshold ??= 'change at least one field';
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, params };
}
