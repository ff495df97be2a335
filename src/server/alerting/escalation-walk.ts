import { stepOffsetMinutes, type EscalationStep } from '../../shared/escalation-policies';
import type { EngineAlert, Recipient } from '../store/repos/alert-engine';
import type { AlertHistoryRecord } from '../store/repos/alert-histories';
import type { EscalationPolicyRepo, EscalationWalk, EscalationWalkRepo } from '../store/repos/escalations';

/** What the alert engine reads of escalation: the alert's policy, and whom an incident's walk told. */
export interface EscalationReads {
  policies: Pick<EscalationPolicyRepo, 'get'>;
  walks: Pick<EscalationWalkRepo, 'told'>;
}

/**
 * The walk an incident of `alert` starts with (at `now`, the service clock: late or backfilled data
 * does not fast-forward it), its first step due after that step's delay; undefined when the policy is
 * gone (the alert's users are told instead).
 */
export async function walkStart(reads: EscalationReads, alert: Pick<EngineAlert, 'accountId' | 'escalation_policy'>, now: number) {
  const policy = alert.escalation_policy === null ? null : await reads.policies.get(alert.accountId, alert.escalation_policy);
  return policy ? { policyId: policy.id, startedAt: now, dueAt: now + (policy.steps[0]?.delay_minutes ?? 0) * 60 } : undefined;
}

/** The alert as its RESOLVED message sees it when a walk told people: those people, by e-mail, as the walk told them. */
export const toldAlert = (alert: EngineAlert, told: readonly Recipient[]): EngineAlert => ({
  ...alert,
  users: told.map((p) => ({ id: p.id, sendemail: true, sendsms: false, pushnotification: false })),
});

/**
 * A step taken more than this late (its incident was acknowledged meanwhile, or no process ran the
 * walk) moves the rest of the walk by as much: the next steps keep their spacing instead of going
 * out in a burst.
 */
export const LATE_S = 60;

/** Where a walk goes after its current step: the next step of this pass, else the first of the next pass, else nowhere. */
export function nextStep(policy: { steps: readonly Pick<EscalationStep, 'delay_minutes'>[]; repeat: number }, walk: Pick<EscalationWalk, 'step' | 'pass' | 'dueAt'>, now: number): { step: number; pass: number; dueAt: number } | null {
  const { steps } = policy;
  let step = walk.step + 1;
  let pass = walk.pass;
  if (step >= steps.length) {
    step = 0;
    pass++;
  }
  if (pass > policy.repeat || steps.length === 0) return null;
  // A walk whose step vanished (the policy lost steps since) counts from the last step it has.
  const from = Math.min(walk.step, steps.length - 1);
  const gap = Math.max(0, stepOffsetMinutes(steps, pass, step) - stepOffsetMinutes(steps, walk.pass, from)) * 60;
  const base = now - walk.dueAt > LATE_S ? now : walk.dueAt;
  return { step, pass, dueAt: base + gap };
}

/** The event of a step's notifications: the first step of the first pass is the incident's TRIGGERED message. */
export const stepEvent = (walk: Pick<EscalationWalk, 'step' | 'pass'>): 'TRIGGERED' | 'ESCALATION' => (walk.step === 0 && walk.pass === 0 ? 'TRIGGERED' : 'ESCALATION');

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The message of a step, from the incident's saved one: the first step tells it as it is; a later one
 * says which step of which policy calls on the reader, and that nobody has acknowledged the incident.
 * The policy's name is the user's text: escaped in the html form.
 */
export function stepMessage(h: Pick<AlertHistoryRecord, 'subject' | 'text' | 'html' | 'sms'>, policyName: string, walk: Pick<EscalationWalk, 'step' | 'pass'>, steps: number, passes: number) {
  if (stepEvent(walk) === 'TRIGGERED') return { subject: h.subject, text: h.text, html: h.html, sms: h.sms };
  const pass = passes > 1 ? `, pass ${walk.pass + 1} of ${passes}` : '';
  const where = `step ${walk.step + 1} of ${steps}${pass} of escalation policy "${policyName}"`;
  const lead = `Nobody has acknowledged this incident yet: you are told by ${where}.`;
  const para = `<p><strong>${escapeHtml(lead)}</strong></p>`;
  const at = h.html.indexOf('<body>');
  return {
    subject: `Escalation (step ${walk.step + 1}): ${h.subject}`,
    text: `${lead}\n\n${h.text}`,
    html: at < 0 ? para + h.html : h.html.slice(0, at + 6) + para + h.html.slice(at + 6),
    sms: `ESCALATION ${walk.step + 1}/${steps} ${h.sms}`.slice(0, 160),
  };
}
