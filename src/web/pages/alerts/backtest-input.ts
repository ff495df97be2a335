import { alertCreate, type AlertCreateInput } from '../../../shared/alerts';
import { checkWith } from '../../components/forms/schema-errors';
import { fieldsFor, toCreateInput, type AlertDraft } from './alert-draft';

const WHY = 'to see how often this alert would have fired';

/** The form's labels of the fields the service's schema names, so a problem reads in the form's words. */
const LABELS: Record<string, string> = {
  threshold: 'threshold',
  time_above_threshold: 'minutes above threshold',
  interval: 'repeat interval',
  num_of_servers: 'number of servers',
  part_name: 'part name',
  ip_details: 'ports',
  reg_exp: 'regular expression',
  band_value: 'band',
  window_length: 'window length',
  direction: 'direction',
  target_id: 'target',
  users: 'users to notify',
};

const list = (items: string[]) => (items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/**
 * The backtest request of a draft, only once the draft is complete: type, target and trigger chosen,
 * a threshold where a static threshold is compared (the engine never fires on none, so "would not
 * have fired" would be an answer to a question nobody asked), and everything valid by the service's
 * own schema and cross-field rules. Otherwise, what is missing as a sentence to show.
 * Name, active and subscribers do not change a replay: they are left out (fixed), so editing them
 * runs nothing again and a typed callback secret is never sent with each keystroke.
 */
export function backtestInput(d: AlertDraft): { ok: true; input: AlertCreateInput } | { ok: false; problem: string } {
  const missing = [d.type ? '' : 'a type', d.target_id ? '' : 'a target', d.trigger_type ? '' : 'a trigger'].filter(Boolean);
  if (missing.length) return { ok: false, problem: `Choose ${list(missing)} ${WHY}.` };
  const f = fieldsFor(d.type, d.trigger_type);
  const band = f.outOfBand && d.threshold_type === 'out of band';
  if (f.threshold && !band && d.threshold.trim() === '') return { ok: false, problem: `Enter a threshold ${WHY}.` };
  // The service checks the users like a create does (at least one, each in the account).
  if (d.users.length === 0) return { ok: false, problem: `Choose a user to notify ${WHY}.` };
  const { subscribers: _secrets, ...input } = toCreateInput({ ...d, name: 'backtest', active: true });
  const r = checkWith(alertCreate, input);
  if (!r.ok) {
    const [field, message] = Object.entries(r.errors)[0] ?? ['', 'the form is not complete'];
    return { ok: false, problem: `Correct ${LABELS[field] ? `the ${LABELS[field]}` : 'the form'} ${WHY}: ${message}.` };
  }
  return { ok: true, input };
}
