import { describe, expect, it } from 'vitest';
import { escalationPolicyInput, type EscalationPolicy } from '../../../shared/escalation-policies';
import { emptyStep, moveStep, policyFormOf, policyInputOf, repeatText, stepText } from './policy-form';

const policy: EscalationPolicy = {
  id: 3, name: 'Night', repeat: 2, alerts: [], created: 0, url: '/api/v5/escalation_policies/3/',
  steps: [
    { delay_minutes: 0, targets: { users: [1], schedules: [], channels: [] } },
    { delay_minutes: 15, targets: { users: [], schedules: [7], channels: [9] } },
  ],
};

describe('the escalation policy form', () => {
  it('round-trips a policy through the form to an input the shared schema accepts', () => {
    const input = policyInputOf(policyFormOf(policy));
    expect(escalationPolicyInput.parse(input)).toEqual({ name: 'Night', repeat: 2, steps: policy.steps });
  });

  it('starts a new policy with one step at once, which needs a target before it passes', () => {
    const v = policyFormOf(undefined);
    expect(v.steps).toEqual([emptyStep('0')]);
    const r = escalationPolicyInput.safeParse(policyInputOf({ ...v, name: 'x' }));
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/at least one target/);
  });

  it('moves steps up and down, and not past either end', () => {
    const a = { ...emptyStep('0'), users: [1] };
    const b = { ...emptyStep('5'), users: [2] };
    expect(moveStep([a, b], 1, -1)).toEqual([b, a]);
    expect(moveStep([a, b], 0, -1)).toEqual([a, b]);
    expect(moveStep([a, b], 1, 1)).toEqual([a, b]);
  });

  it('tells a step and the repeat in words', () => {
    const names = { users: new Map([[1, 'Ada']]), schedules: new Map([[7, 'Primary']]) };
    expect(stepText(policy.steps[0]!, names)).toBe('at once: Ada');
    expect(stepText(policy.steps[1]!, names)).toBe('after 15 min: on call in Primary; #9');
    expect(repeatText(policy)).toBe('2 steps, then again 2 times (a pass every 15 min)');
    expect(repeatText({ ...policy, repeat: 0 })).toBe('2 steps, once');
  });
});
