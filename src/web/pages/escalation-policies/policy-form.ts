import { escalationPolicyInput, passMinutes, type EscalationPolicy, type EscalationPolicyForm } from '../../../shared/escalation-policies';
import { namesOf } from '../../lib/choices';

/** One step as the form edits it: the delay as typed, and the picked targets. */
export interface StepDraft {
  delay: string;
  users: number[];
  schedules: number[];
  channels: number[];
}

export interface PolicyFormValues {
  name: string;
  steps: StepDraft[];
  repeat: string;
}

export const emptyStep = (delay = ''): StepDraft => ({ delay, users: [], schedules: [], channels: [] });

export function policyFormOf(p: EscalationPolicy | undefined): PolicyFormValues {
  if (!p) return { name: '', steps: [emptyStep('0')], repeat: '0' };
  return { name: p.name, steps: p.steps.map((s) => ({ delay: String(s.delay_minutes), ...s.targets })), repeat: String(p.repeat) };
}

/** What a save sends: the whole policy (PUT replaces it), delays as typed (the shared schema checks them). */
export const policyInputOf = (v: PolicyFormValues): EscalationPolicyForm => ({
  name: v.name.trim(),
  steps: v.steps.map((s) => ({ delay_minutes: s.delay.trim(), targets: { users: s.users, schedules: s.schedules, channels: s.channels } })),
  repeat: v.repeat.trim() === '' ? 0 : v.repeat.trim(),
});

export const policyFormSchema = () => escalationPolicyInput;

/** Moves step `i` by `by` places (-1 up, 1 down); out of range changes nothing. */
export function moveStep(steps: readonly StepDraft[], i: number, by: -1 | 1): StepDraft[] {
  const j = i + by;
  if (i < 0 || j < 0 || i >= steps.length || j >= steps.length) return [...steps];
  const out = [...steps];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

/** Names of the targets of each kind, for the list and the summary. */
export interface TargetNames {
  users?: ReadonlyMap<number, string>;
  schedules?: ReadonlyMap<number, string>;
  channels?: ReadonlyMap<number, string>;
}

/** "after 15 min: Ada, on call in Primary, #ops-slack" */
export function stepText(s: EscalationPolicy['steps'][number], names: TargetNames): string {
  const parts = [
    s.targets.users.length ? namesOf(s.targets.users, names.users) : '',
    s.targets.schedules.length ? `on call in ${namesOf(s.targets.schedules, names.schedules)}` : '',
    s.targets.channels.length ? namesOf(s.targets.channels, names.channels) : '',
  ].filter(Boolean);
  return `${s.delay_minutes === 0 ? 'at once' : `after ${s.delay_minutes} min`}: ${parts.join('; ')}`;
}

/** "2 steps, then again 2 times (every 15 min)" */
export function repeatText(p: Pick<EscalationPolicy, 'steps' | 'repeat'>): string {
  const steps = `${p.steps.length} step${p.steps.length === 1 ? '' : 's'}`;
  return p.repeat === 0 ? `${steps}, once` : `${steps}, then again ${p.repeat} time${p.repeat === 1 ? '' : 's'} (a pass every ${passMinutes(p.steps)} min)`;
}
