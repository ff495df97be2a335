// Rows of the escalation tables as both stores read them (SQLite: steps as JSON text; PostgreSQL: jsonb).
import type { EscalationStep } from '../../../shared/escalation-policies';
import type { EscalationPolicyRecord, EscalationWalk } from '../repos/escalations';

export interface PolicyRow {
  id: number;
  name: string;
  steps: unknown;
  repeat: number;
  created: number;
  /** Ids of the alerts naming the policy: SQLite a JSON text, PostgreSQL an array (or null). */
  alerts: unknown;
}

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter(Number.isSafeInteger) : []);
const parsed = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return null;
  }
};

/** A stored step, read defensively: a damaged column reads as no steps rather than failing a request. */
function toStep(v: unknown): EscalationStep | null {
  if (typeof v !== 'object' || v === null) return null;
  const s = v as { delay_minutes?: unknown; targets?: { users?: unknown; schedules?: unknown; channels?: unknown } };
  if (typeof s.delay_minutes !== 'number') return null;
  return { delay_minutes: s.delay_minutes, targets: { users: ids(s.targets?.users), schedules: ids(s.targets?.schedules), channels: ids(s.targets?.channels) } };
}

export const toPolicyRecord = (r: PolicyRow): EscalationPolicyRecord => {
  const steps = parsed(r.steps);
  return {
    id: Number(r.id),
    name: r.name,
    steps: (Array.isArray(steps) ? steps : []).map(toStep).filter((s): s is EscalationStep => s !== null),
    repeat: Number(r.repeat),
    alerts: ids(parsed(r.alerts)).sort((a, b) => a - b),
    created: Number(r.created),
  };
};

/** The steps column as written (the shape the API answers, in order). */
export const stepsColumn = (steps: readonly EscalationStep[]) =>
  JSON.stringify(steps.map((s) => ({ delay_minutes: s.delay_minutes, targets: { users: s.targets.users, schedules: s.targets.schedules, channels: s.targets.channels } })));

export interface WalkRow {
  account_id: number;
  history_id: number;
  alert_id: number;
  policy_id: number;
  step: number;
  pass: number;
  started_at: number;
  due_at: number;
}

export const WALK_COLS = 'w.account_id, w.history_id, w.alert_id, w.policy_id, w.step, w.pass, w.started_at, w.due_at';

export const toWalk = (r: WalkRow): EscalationWalk => ({
  accountId: Number(r.account_id),
  historyId: Number(r.history_id),
  alertId: Number(r.alert_id),
  policyId: Number(r.policy_id),
  step: Number(r.step),
  pass: Number(r.pass),
  startedAt: Number(r.started_at),
  dueAt: Number(r.due_at),
});
