import { keepSecrets, parseProcessTarget, type AlertUserInput } from '../../shared/alert-inputs';
import { alertRuleIssues, type AlertCreate, type AlertUpdate } from '../../shared/alerts';
import { callbackDeliveries } from '../alerting/callbacks';
import { patternProblem } from '../alerting/pattern';
import type { AlertPatch, AlertRecord, AlertTargetFilter, AlertUserRecord, AlertValues } from '../store/repos/alerts';
import type { Store } from '../store/store';
import { targetText, triggerText } from './alert-text';
import { checkChannels } from './channels';
import { invalid } from './errors';

/** Same target, one spelling: "007" -> "7", " 1, 2,3, nginx" -> "1,2,3,nginx". */
export function canonicalTargetId(type: string, targetId: string): string {
  if (type !== 'Process') return String(Number(targetId));
  const p = parseProcessTarget(targetId)!;
  return `${p.serverId},${p.pid},${p.creationTime},${p.name}`;
}

/**
 * Resolves users to the account's profiles: ids must exist, e-mails (deprecated) are looked up.
 * A user named twice keeps the last entry's flags.
 */
export async function resolveUsers(store: Store, accountId: number, users: AlertUserInput[]): Promise<AlertUserRecord[]> {
  const profiles = await store.alerts.userProfiles(accountId);
  const byEmail = new Map(profiles.map((p) => [p.email.toLowerCase(), p.id]));
  const ids = new Set(profiles.map((p) => p.id));
  const out = new Map<number, AlertUserRecord>();
  for (const u of users) {
    const id = typeof u.ref === 'number' ? u.ref : byEmail.get(u.ref);
    if (id === undefined) throw invalid(`users: no user profile with e-mail ${u.ref}`, 'users');
    if (!ids.has(id)) throw invalid(`users: no user profile with id ${id}`, 'users');
    out.delete(id);
    out.set(id, { id, sendemail: u.sendemail, sendsms: u.sendsms, pushnotification: u.pushnotification });
  }
  return [...out.values()];
}

/** An alert's escalation policy must be one of the account's (another account's id reads as none). */
async function checkPolicy(store: Store, accountId: number, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  if (!(await store.escalationPolicies.get(accountId, id))) throw invalid(`escalation_policy: no escalation policy with id ${id}`, 'escalation_policy');
}

/** A reg_exp must also compile for RE2, which the engine matches with (linear time; see alerting/pattern). */
function checkPattern(regExp: string | undefined) {
  const problem = regExp ? patternProblem(regExp) : null;
  if (problem) throw invalid(problem, 'reg_exp');
}

/**
 * The values an alert is created with, after checking its target and users in the account; texts are
 * generated here. POST /alerts and the backtest of a form (POST /alerts/backtest) share it.
 */
export async function prepareAlert(store: Store, accountId: number, input: AlertCreate): Promise<AlertValues> {
  checkPattern(input.reg_exp);
  const targetId = canonicalTargetId(input.type, input.target_id);
  const facts = await store.alerts.targetFacts(accountId, input.type, targetId);
  if (!facts) throw invalid(`target_id: no ${input.type.toLowerCase()} ${input.target_id} in this account`, 'target_id');
  const users = await resolveUsers(store, accountId, input.users);
  await checkChannels(store, accountId, input.channels);
  await checkPolicy(store, accountId, input.escalation_policy);
  const values = { ...input, target_id: targetId, users };
  return { ...values, target: targetText(facts), trigger: triggerText(values) };
}

/** Creates an alert from checked input (see prepareAlert). */
export async function createAlert(store: Store, accountId: number, input: AlertCreate, now: number): Promise<AlertRecord> {
  return store.alerts.create(accountId, await prepareAlert(store, accountId, input), now);
}

/**
 * Applies a PUT: given values change, others remain. The merged alert is checked against the same
 * cross-field rules as a create, and the trigger text (and the target's, while it exists) regenerated.
 * Subscriber secrets are write-only (never answered), so a list sent back without them keeps them.
 */
export async function updateAlert(store: Store, accountId: number, alert: AlertRecord, input: AlertUpdate): Promise<AlertRecord> {
  const patch = await planAlertUpdate(store, accountId, alert, input);
  return (await store.alerts.update(accountId, alert.id, patch)) ?? alert;
}

/** The patch a PUT makes to an alert, checked but not written (a bulk edit writes many in one transaction). */
export async function planAlertUpdate(store: Store, accountId: number, alert: AlertRecord, input: AlertUpdate): Promise<AlertPatch> {
  checkPattern(input.reg_exp);
  const { users, subscribers, ...rest } = input;
  const patch: AlertPatch = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  if (users) patch.users = await resolveUsers(store, accountId, users);
  if (patch.channels) await checkChannels(store, accountId, patch.channels);
  await checkPolicy(store, accountId, input.escalation_policy);
  if (subscribers !== undefined) patch.subscribers = subscribers && keepSecrets(alert.subscribers, subscribers);
  const merged = { ...alert, ...patch };
  const issue = alertRuleIssues(merged)[0];
  if (issue) throw invalid(issue.message, issue.field);
  patch.trigger = triggerText(merged);
  const facts = await store.alerts.targetFacts(accountId, alert.type, alert.target_id);
  if (facts) patch.target = targetText(facts);
  return patch;
}

/**
 * An alert deactivated during an incident would never be evaluated again, so its incident would stay
 * open forever: it is closed now (history end, in_incident false) and RESOLVED callbacks are queued.
 * Answers the alert as it now is and how many callbacks were queued.
 */
export async function closeIfDeactivated(store: Store, accountId: number, updated: AlertRecord, now: number): Promise<{ alert: AlertRecord; queued: number }> {
  if (updated.active || !updated.in_incident) return { alert: updated, queued: 0 };
  const closed = await store.alerts.closeIncident(accountId, updated.id, now, (historyId) =>
    callbackDeliveries(updated.id, updated.subscribers, historyId, 'RESOLVED'),
  );
  return { alert: (await store.alerts.get(accountId, updated.id)) ?? updated, queued: closed?.queued ?? 0 };
}

const FILTER_TYPES = { application_id: 'Application', server_id: 'Server', polled_data_id: 'Polled Data', log_id: 'Log' } as const;

/** The list filter of GET /alerts from filter_name and filter_id (already checked by the schema). */
export function targetFilter(name: string | undefined, id: string | undefined): AlertTargetFilter | undefined {
  if (!name || !id) return undefined;
  if (name === 'process_id') {
    const [serverId, pid, creationTime] = id.split(/[_,]/).map(Number) as [number, number, number];
    return { type: 'Process', serverId, pid, creationTime };
  }
  const type = FILTER_TYPES[name as keyof typeof FILTER_TYPES];
  return { type, targetId: Number(id) };
}
