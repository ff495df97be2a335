import { escalationPaths, type EscalationPolicy, type EscalationPolicyInput } from '../../shared/escalation-policies';
import type { EscalationPolicyRecord, EscalationPolicyWrite } from '../store/repos/escalations';
import { PAGE_LIMIT_MAX } from '../../shared/paging';
import type { Store } from '../store/store';
import { conflict, invalid, notFound } from './errors';

/** The policy to write from a checked input. */
export const policyWrite = (input: EscalationPolicyInput): EscalationPolicyWrite => ({ name: input.name.trim(), steps: input.steps, repeat: input.repeat });

/** Of the ids, those `exists` does not find, each once, in numeric order. */
async function missing(ids: number[], exists: (id: number) => Promise<boolean>): Promise<number[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const found = await Promise.all(unique.map(exists));
  return unique.filter((_, i) => !found[i]);
}

/**
 * Every target of every step must be the account's: users, schedules and channels (another account's
 * ids read as none). Throws `invalid` naming the field (steps) and the step.
 */
export async function checkTargets(store: Store, accountId: number, w: EscalationPolicyWrite): Promise<void> {
  const users = await store.escalationPolicies.missingUsers(accountId, w.steps.flatMap((s) => s.targets.users));
  const schedules = await missing(w.steps.flatMap((s) => s.targets.schedules), async (id) => (await store.schedules.get(accountId, id)) !== null);
  const channels = await missing(w.steps.flatMap((s) => s.targets.channels), async (id) => (await store.channels.get(accountId, id)) !== null);
  const problems: [string, string, number[]][] = [
    ['users', 'user profile', users],
    ['schedules', 'schedule', schedules],
    ['channels', 'channel', channels],
  ];
  for (const [field, what, ids] of problems) {
    if (!ids.length) continue;
    const at = w.steps.findIndex((s) => s.targets[field as 'users'].some((id) => ids.includes(id)));
    throw invalid(`steps[${at}].targets.${field}: no ${what} with id ${ids.join(', ')}`, 'steps');
  }
}

/** Deletes a policy no alert names; one in use is refused (409) naming its alerts. */
export async function deletePolicy(store: Store, accountId: number, id: number): Promise<void> {
  const r = await store.escalationPolicies.delete(accountId, id);
  if (r.kind === 'missing') throw notFound('escalation policy');
  if (r.kind === 'in_use') {
    const names = r.alerts.map((a) => `${a.id} "${a.name}"`).join(', ');
    throw conflict(`the escalation policy is used by alert${r.alerts.length > 1 ? 's' : ''} ${names}: give ${r.alerts.length > 1 ? 'them' : 'it'} another policy or none first`);
  }
}

/** A policy as the API answers it. */
export const toPolicyItem = (r: EscalationPolicyRecord): EscalationPolicy => ({
  id: r.id,
  name: r.name,
  steps: r.steps,
  repeat: r.repeat,
  alerts: r.alerts,
  created: r.created,
  url: escalationPaths.item(r.id),
});

/**
 * Refuses (409) to delete a schedule or channel that a step of an escalation policy pages: the step
 * would page nobody at 3 a.m. The message names the policies, so the person deleting knows where to look.
 */
export async function refuseIfPaged(store: Store, accountId: number, kind: 'schedules' | 'channels', id: number): Promise<void> {
  const naming: EscalationPolicyRecord[] = [];
  for (let page = 0; ; page++) {
    const p = await store.escalationPolicies.list(accountId, { limit: PAGE_LIMIT_MAX, page });
    naming.push(...p.items.filter((policy) => policy.steps.some((s) => s.targets[kind].includes(id))));
    if (p.items.length < PAGE_LIMIT_MAX) break;
  }
  if (naming.length === 0) return;
  const what = kind === 'schedules' ? 'schedule' : 'channel';
  const names = naming.map((p) => `${p.id} "${p.name}"`).join(', ');
  throw conflict(`the ${what} is paged by escalation polic${naming.length > 1 ? 'ies' : 'y'} ${names}: take it out of ${naming.length > 1 ? 'their' : 'its'} steps first`);
}
