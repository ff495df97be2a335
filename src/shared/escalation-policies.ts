import { z } from 'zod';
import { pagingQuery } from './paging';
import { idListParam, intParam, jsonListParam, textParam } from './params';
import { itemPath } from './paths';

/**
 * Escalation policies (extension, issue 19): who is told of an unacknowledged incident, and when.
 * An alert that names a policy notifies its steps instead of its own users; the service walks the
 * steps while the incident is open and nobody has acknowledged it (docs/escalation.md).
 */

export const MAX_STEPS = 20;
export const MAX_REPEAT = 10;
/** Most ids one target list of a step may name. */
export const MAX_TARGETS = 100;
/** Longest delay of a step: a week. */
export const MAX_DELAY_MINUTES = 10_080;

const targetIds = (field: string) =>
  idListParam(field)
    .refine((ids) => ids.length <= MAX_TARGETS, { error: `${field} must list at most ${MAX_TARGETS} ids` })
    .transform((ids) => [...new Set(ids)])
    .default([]);

/** Who a step tells: user profiles, schedules (whoever is on call then) and channels. */
export const stepTargets = z.object(
  {
    users: targetIds('users'),
    schedules: targetIds('schedules'),
    channels: targetIds('channels'),
  },
  { error: 'targets must be an object of users, schedules and channels id lists' },
);
export type StepTargets = z.output<typeof stepTargets>;

/** One step: its delay in minutes since the incident began, and its targets. */
export const escalationStepInput = z.object(
  {
    delay_minutes: intParam('delay_minutes', { min: 0, max: MAX_DELAY_MINUTES }),
    targets: stepTargets,
  },
  { error: 'each step must be an object with delay_minutes and targets' },
);
export type EscalationStepInput = z.input<typeof escalationStepInput>;

/** The problems of a list of steps beyond each step's own shape; each names its field (steps[i]...). */
export function stepIssues(steps: readonly { delay_minutes: number; targets: StepTargets }[]): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  steps.forEach((s, i) => {
    const t = s.targets;
    if (t.users.length + t.schedules.length + t.channels.length === 0) out.push({ field: 'steps', message: `steps[${i}]: a step needs at least one target (users, schedules or channels)` });
    const prev = steps[i - 1];
    if (prev && s.delay_minutes < prev.delay_minutes) {
      out.push({ field: 'steps', message: `steps[${i}]: delay_minutes ${s.delay_minutes} is before the previous step's ${prev.delay_minutes} (delays count from the incident's start and must not decrease)` });
    }
  });
  return out;
}

/** POST and PUT /escalation_policies: the whole policy (PUT replaces it). */
export const escalationPolicyInput = z
  .object({
    name: textParam('name', 1, 100),
    steps: jsonListParam('steps', escalationStepInput)
      .refine((s) => s.length >= 1, { error: 'steps must list at least one step' })
      .refine((s) => s.length <= MAX_STEPS, { error: `steps must list at most ${MAX_STEPS} steps` }),
    repeat: intParam('repeat', { min: 0, max: MAX_REPEAT }).default(0),
  })
  .superRefine((p, ctx) => {
    for (const i of stepIssues(p.steps)) ctx.addIssue({ code: 'custom', message: i.message, path: [i.field] });
  });
export type EscalationPolicyInput = z.output<typeof escalationPolicyInput>;
/** What a client (the form) sends. */
export type EscalationPolicyForm = z.input<typeof escalationPolicyInput>;

export const escalationStep = z.object({
  delay_minutes: z.number().int(),
  targets: z.object({ users: z.array(z.number().int()), schedules: z.array(z.number().int()), channels: z.array(z.number().int()) }),
});
export type EscalationStep = z.infer<typeof escalationStep>;

/** An escalation policy as the API answers it. */
export const escalationPolicyItem = z.object({
  id: z.number().int(),
  name: z.string(),
  steps: z.array(escalationStep),
  repeat: z.number().int().describe('How many more times the whole policy runs after its last step (0: once)'),
  /** Alerts that name this policy (ids). */
  alerts: z.array(z.number().int()),
  created: z.number().int(),
  url: z.string(),
});
export type EscalationPolicy = z.infer<typeof escalationPolicyItem>;

export const escalationPolicyListQuery = pagingQuery;

export const escalationPaths = {
  list: '/api/v5/escalation_policies/',
  item: (id: number) => itemPath('escalation_policies', id),
};

/**
 * Minutes from one pass's start to the next's: the last step's delay, at least one minute (a policy
 * whose steps all wait 0 minutes still never repeats in a burst). Pass p's step s is due
 * p * passMinutes + steps[s].delay_minutes after the walk's start.
 */
export const passMinutes = (steps: readonly Pick<EscalationStep, 'delay_minutes'>[]): number => Math.max(1, steps[steps.length - 1]?.delay_minutes ?? 0);

/** Minutes from the walk's start to pass `pass`, step `step` (both zero-based). */
export const stepOffsetMinutes = (steps: readonly Pick<EscalationStep, 'delay_minutes'>[], pass: number, step: number): number =>
  pass * passMinutes(steps) + (steps[step]?.delay_minutes ?? 0);
