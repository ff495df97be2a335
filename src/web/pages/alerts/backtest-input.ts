import { alertCreate, type AlertCreateInput } from '../../../shared/alerts';
import { checkWith } from '../../components/forms/schema-errors';
import { toCreateInput, type AlertDraft } from './alert-draft';

/**
 * The backtest request of a draft: the create form as it stands, checked with the service's schema.
 * A blank name does not hold it up (the backtest does not need one); subscribers are left out, so a
 * typed callback secret is never sent with each keystroke.
 */
export function backtestInput(d: AlertDraft): { ok: true; input: AlertCreateInput } | { ok: false; problem: string } {
  if (!d.type || !d.target_id || !d.trigger_type) return { ok: false, problem: 'choose a type, a target and a trigger' };
  const { subscribers: _secrets, ...input } = toCreateInput({ ...d, name: d.name.trim() || 'backtest' });
  const r = checkWith(alertCreate, input);
  if (!r.ok) return { ok: false, problem: Object.values(r.errors)[0] ?? 'the form is not complete' };
  return { ok: true, input };
}
