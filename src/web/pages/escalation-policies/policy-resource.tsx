import type { EscalationPolicy, EscalationPolicyForm } from '../../../shared/escalation-policies';
import { MAX_REPEAT, MAX_STEPS } from '../../../shared/escalation-policies';
import { useAlerts } from '../../api/alerts';
import { useChannels } from '../../api/channels';
import { useDeleteEscalationPolicy, useEscalationPolicies, useSaveEscalationPolicy } from '../../api/escalation-policies';
import { useSchedules } from '../../api/schedules';
import { userName, useUsers } from '../../api/users';
import { editable, type FieldsProps } from '../../app/editable-resource';
import { NamedPicker } from '../../components/forms/named-picker';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { choicesOf, namesOf, type Choices } from '../../lib/choices';
import { emptyStep, moveStep, policyFormOf, policyFormSchema, policyInputOf, repeatText, stepText, type PolicyFormValues, type StepDraft } from './policy-form';

type Named = { id: number; name: string };
interface Options {
  users: Choices<Named>;
  schedules: Choices<Named>;
  channels: Choices<Named>;
  alerts: Choices<Named>;
}

/** One step: its delay since the incident began and its targets, with controls to move or remove it. */
function StepFields({ step, index, count, options, onChange, onMove, onRemove }: {
  step: StepDraft; index: number; count: number; options: Options;
  onChange: (patch: Partial<StepDraft>) => void; onMove: (by: -1 | 1) => void; onRemove: () => void;
}) {
  const n = index + 1;
  return (
    <li className="grid gap-2 rounded border border-slate-200 p-3 dark:border-slate-700" aria-label={`Step ${n}`}>
      <div className="flex flex-wrap items-end gap-2">
        <h3 className="mr-auto text-sm font-semibold">Step {n}</h3>
        <Button aria-label={`Move step ${n} up`} disabled={index === 0} onClick={() => onMove(-1)}>↑</Button>
        <Button aria-label={`Move step ${n} down`} disabled={index === count - 1} onClick={() => onMove(1)}>↓</Button>
        <Button aria-label={`Remove step ${n}`} disabled={count === 1} onClick={onRemove}>Remove</Button>
      </div>
      <TextField label={`Step ${n}: minutes after the incident began`} type="number" min={0} inputMode="numeric" className="max-w-xs" value={step.delay} onChange={(e) => onChange({ delay: e.target.value })} />
      <NamedPicker legend={`Step ${n} users`} noun="users" items={options.users.items} selected={step.users} onChange={(users) => onChange({ users })} />
      <NamedPicker legend={`Step ${n} schedules (whoever is on call then)`} noun="schedules" items={options.schedules.items} selected={step.schedules} onChange={(schedules) => onChange({ schedules })} />
      <NamedPicker legend={`Step ${n} channels`} noun="channels" items={options.channels.items} selected={step.channels} onChange={(channels) => onChange({ channels })} />
    </li>
  );
}

/** The name, the ordered steps and the repeat; the service's refusals of a step land under Steps. */
function PolicyFields({ value: v, set, errors, options }: FieldsProps<PolicyFormValues, Options>) {
  const setStep = (i: number, patch: Partial<StepDraft>) => set({ steps: v.steps.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  const last = v.steps[v.steps.length - 1];
  return (
    <div className="grid max-w-2xl gap-3">
      <TextField label="Name" value={v.name} maxLength={100} onChange={(e) => set({ name: e.target.value })} error={errors.name} />
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Steps, in order (delays count from the incident's start and never decrease)</legend>
        <ol className="grid gap-2">
          {v.steps.map((s, i) => (
            <StepFields
              key={i}
              step={s}
              index={i}
              count={v.steps.length}
              options={options}
              onChange={(patch) => setStep(i, patch)}
              onMove={(by) => set({ steps: moveStep(v.steps, i, by) })}
              onRemove={() => set({ steps: v.steps.filter((_, j) => j !== i) })}
            />
          ))}
        </ol>
        {errors.steps && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{errors.steps}</p>}
        <div>
          <Button disabled={v.steps.length >= MAX_STEPS} onClick={() => set({ steps: [...v.steps, emptyStep(last?.delay ?? '0')] })}>Add step</Button>
        </div>
      </fieldset>
      <TextField
        label="Repeat the whole policy (more passes after the last step)"
        type="number"
        min={0}
        max={MAX_REPEAT}
        className="max-w-xs"
        value={v.repeat}
        onChange={(e) => set({ repeat: e.target.value })}
        error={errors.repeat}
        hint="Each pass starts the last step's delay (at least 1 minute) after the previous one."
      />
    </div>
  );
}

function useOptions(): Options | undefined {
  const users = useUsers().data;
  const schedules = useSchedules().data;
  const channels = useChannels().data;
  const alerts = useAlerts().data;
  if (!users || !schedules || !channels || !alerts) return undefined;
  return {
    users: choicesOf(users.map((u) => ({ id: u.id, name: userName(u) })), (u) => u.name),
    schedules: choicesOf(schedules.map((s) => ({ id: s.id, name: s.name })), (s) => s.name),
    channels: choicesOf(channels.map((c) => ({ id: c.id, name: c.name })), (c) => c.name),
    alerts: choicesOf(alerts.map((a) => ({ id: a.id, name: a.name })), (a) => a.name),
  };
}

const names = (o: Options | undefined) => ({ users: o?.users.names, schedules: o?.schedules.names, channels: o?.channels.names });
const stepsText = (p: EscalationPolicy, o: Options | undefined) => p.steps.map((s, i) => `${i + 1}. ${stepText(s, names(o))}`).join(' · ');

/** Escalation policies: who is told of an unacknowledged incident, and when. Managers and the owner edit them. */
export const policyResource = editable<EscalationPolicy, PolicyFormValues, EscalationPolicyForm, Options>({
  permission: 'escalation_policies.write',
  labels: {
    title: 'Escalation policies',
    loading: 'escalation policies',
    empty: 'No escalation policies yet. Alerts tell their own users.',
    add: 'New escalation policy',
    addTitle: 'New escalation policy',
    editTitle: (p) => `Edit escalation policy ${p.name}`,
    save: (creating) => (creating ? 'Create policy' : 'Save policy'),
    edit: (p) => `Edit escalation policy ${p.name}`,
    delete: (p) => `Delete escalation policy ${p.name}`,
    confirm: (p) => ({
      question: `Delete the escalation policy "${p.name}"?`,
      detail: p.alerts.length ? 'Alerts name it: the service refuses until they name another policy or none.' : 'Incidents walking it stop escalating.',
    }),
  },
  useList: useEscalationPolicies,
  useOptions,
  useSave: useSaveEscalationPolicy,
  useDelete: useDeleteEscalationPolicy,
  columns: [
    { header: 'Name', cell: (p) => p.name, text: (p) => p.name, className: 'min-w-32' },
    { header: 'Steps', cell: (p, o) => stepsText(p, o), text: (p) => stepsText(p, undefined), className: 'min-w-64' },
    { header: 'Repeat', cell: (p) => repeatText(p), text: repeatText, className: 'min-w-40' },
    { header: 'Used by', cell: (p, o) => (p.alerts.length ? namesOf(p.alerts, o?.alerts.names) : 'no alert'), text: (p) => p.alerts.join(', '), className: 'min-w-32' },
  ],
  toForm: policyFormOf,
  toInput: policyInputOf,
  schema: policyFormSchema,
  Fields: PolicyFields,
});
