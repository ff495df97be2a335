import { useState, type FormEvent } from 'react';
import { ALERT_TYPES, DIRECTIONS, type AlertType } from '../../../shared/alerts';
import { ChoiceField, FormError } from '../../components/forms/form-fields';
import { serverFieldErrors, type FieldErrors } from '../../components/forms/schema-errors';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { checkDraft, fieldsFor, secretStates, triggerChoices, type AlertDraft } from './alert-draft';
import { AlertUsersEditor, SubscribersEditor } from './alert-recipients';
import { AlertChannelsPicker } from './alert-channels-picker';
import { EscalationPolicyPicker } from './escalation-policy-picker';
import { AlertTargetPicker } from './alert-target-picker';
import { BacktestPanel } from './backtest-panel';
import { TagScopeFields } from './tag-scope-fields';

/**
 * The alert form: type first, then a target of that type, then only the trigger types allowed for
 * it; out-of-band fields only where allowed. Type, target and trigger are fixed once created.
 */
export function AlertForm({
  initial,
  creating,
  onSubmit,
  pending,
  error,
  targetLabel,
  readOnly = false,
}: {
  initial: AlertDraft;
  creating: boolean;
  onSubmit: (d: AlertDraft) => void;
  pending: boolean;
  error: unknown;
  /** How an existing alert's target reads (the API's `target`). */
  targetLabel?: string;
  /** Shown to read, not to change (a role without alerts.write): every field disabled, no save. */
  readOnly?: boolean;
}) {
  const [d, setD] = useState(initial);
  const [local, setLocal] = useState<FieldErrors>({});
  const errors: FieldErrors = { ...serverFieldErrors(error, { ip_detail: 'ip_details', target: 'target_id', trigger: 'trigger_type' }), ...local };
  const set = <K extends keyof AlertDraft>(k: K, v: AlertDraft[K]) => setD((x) => ({ ...x, [k]: v }));
  const f = fieldsFor(d.type, d.trigger_type, d.per_server);
  const band = f.outOfBand && d.threshold_type === 'out of band';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = checkDraft(d, creating);
    setLocal(problems);
    if (Object.keys(problems).length === 0) onSubmit(d);
  };

  return (
    <form onSubmit={submit} noValidate className="max-w-3xl">
      {/* Read-only while saving: the form restarts from the saved alert, which would drop edits made meanwhile. */}
      <fieldset disabled={pending || readOnly} className="min-w-0 space-y-4">
        <FormError errors={errors} />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Name" value={d.name} onChange={(e) => set('name', e.target.value)} error={errors.name} />
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            <input type="checkbox" checked={d.active} onChange={(e) => set('active', e.target.checked)} /> Active
          </label>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <ChoiceField
            label="Type"
            value={d.type}
            disabled={!creating}
            error={errors.type}
            onChange={(e) => setD((x) => ({ ...x, type: e.target.value as AlertType | '', target_id: '', trigger_type: '', threshold_type: 'static', direction: 'above', per_server: false }))}
          >
            <option value="">Choose a type…</option>
            {ALERT_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </ChoiceField>
          {d.type && creating && <AlertTargetPicker key={d.type} type={d.type} value={d.target_id} onChange={(v) => set('target_id', v)} error={errors.target_id} />}
          {!creating && <TextField label="Target" value={targetLabel ?? d.target_id} disabled readOnly />}
        </div>
        {d.type && (
          <div className="grid gap-3 sm:grid-cols-2">
            <ChoiceField label="Trigger" value={d.trigger_type} disabled={!creating} error={errors.trigger_type} onChange={(e) => setD((x) => ({ ...x, trigger_type: e.target.value, threshold_type: 'static' }))}>
              <option value="">Choose a trigger…</option>
              {triggerChoices(d.type, d.per_server).map((t) => (
                <option key={t}>{t}</option>
              ))}
            </ChoiceField>
            {f.outOfBand && (
              <ChoiceField label="Threshold type" value={d.threshold_type} disabled={!creating} error={errors.threshold_type} onChange={(e) => set('threshold_type', e.target.value as AlertDraft['threshold_type'])}>
                <option value="static">Static</option>
                <option value="out of band">Out of band</option>
              </ChoiceField>
            )}
          </div>
        )}
        {d.trigger_type && (
          <div className="grid gap-3 sm:grid-cols-3">
            <ChoiceField label="Direction" value={d.direction} error={errors.direction} onChange={(e) => set('direction', e.target.value as AlertDraft['direction'])}>
              {DIRECTIONS.filter((x) => band || x !== 'outside bounds').map((x) => (
                <option key={x}>{x}</option>
              ))}
            </ChoiceField>
            {f.threshold && <TextField label="Threshold" inputMode="decimal" value={d.threshold} onChange={(e) => set('threshold', e.target.value)} error={errors.threshold} />}
            {band && (
              <>
                <TextField label="Band (standard deviations)" inputMode="decimal" value={d.band_value} disabled={!creating} onChange={(e) => set('band_value', e.target.value)} error={errors.band_value} />
                <TextField label="Window length" inputMode="numeric" value={d.window_length} disabled={!creating} onChange={(e) => set('window_length', e.target.value)} error={errors.window_length} />
                <ChoiceField label="Window units" value={d.window_units} disabled={!creating} error={errors.window_units} onChange={(e) => set('window_units', e.target.value as 'h' | 'd')}>
                  <option value="h">hours</option>
                  <option value="d">days</option>
                </ChoiceField>
              </>
            )}
            <TextField label="Minutes above threshold" inputMode="numeric" value={d.time_above_threshold} onChange={(e) => set('time_above_threshold', e.target.value)} error={errors.time_above_threshold} />
            <TextField label="Repeat interval (minutes)" inputMode="numeric" value={d.interval} onChange={(e) => set('interval', e.target.value)} error={errors.interval} />
            {f.partName && <TextField label="Part name (mount or MAX)" value={d.part_name} onChange={(e) => set('part_name', e.target.value)} error={errors.part_name} />}
            {f.ports && <TextField label="Ports (comma-separated)" value={d.ip_details} onChange={(e) => set('ip_details', e.target.value)} error={errors.ip_details} />}
            {f.regExp && <TextField label="Regular expression" className="font-mono" value={d.reg_exp} onChange={(e) => set('reg_exp', e.target.value)} error={errors.reg_exp} />}
          </div>
        )}
        {f.perServer && (
          <TagScopeFields
            perServer={d.per_server}
            numOfServers={d.num_of_servers}
            creating={creating}
            errors={errors}
            // A trigger only per_server offers (Disk) goes with it.
            onPerServer={(v) => setD((x) => ({ ...x, per_server: v, trigger_type: triggerChoices(x.type, v).includes(x.trigger_type) ? x.trigger_type : '' }))}
            onNumOfServers={(v) => set('num_of_servers', v)}
          />
        )}
        {d.trigger_type && <BacktestPanel draft={d} />}
        <EscalationPolicyPicker value={d.escalation_policy} onChange={(v) => set('escalation_policy', v)} error={errors.escalation_policy} />
        <AlertUsersEditor value={d.users} onChange={(v) => set('users', v)} error={errors.users} />
        <AlertChannelsPicker value={d.channels} onChange={(v) => set('channels', v)} error={errors.channels} />
        <SubscribersEditor value={d.subscribers} secrets={secretStates(d.storedSubscribers, d.subscribers)} onChange={(v) => set('subscribers', v)} error={errors.subscribers} />
        {!readOnly && (
          <Button type="submit" variant="primary" disabled={pending}>
            {pending ? 'Saving…' : creating ? 'Create alert' : 'Save alert'}
          </Button>
        )}
      </fieldset>
    </form>
  );
}
