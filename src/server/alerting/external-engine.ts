import type { PostableAlert } from '../../shared/external-alerts';
import { externalAlertUsers } from '../services/external-alerts';
import type { NewNotification, SilenceMark } from '../store/repos/alert-engine';
import type { ExternalAlertRecord, ExternalApplied, ExternalStep, ExternalWrite } from '../store/repos/external-alerts';
import type { Store } from '../store/store';
import { decideReceived, lastPerFingerprint, received } from './external-decide';
import { renderExternal, type ExternalFacts } from './external-messages';
import { incidentLinks, type LinkConfig } from './incident-links';
import { notificationsFor, type Transports } from './notifier';
import { silencedNotifications } from './silence-lookup';
import { externalSilenceMatches } from './silence-match';

export interface ExternalEngineDeps {
  store: Store;
  transports: Pick<Transports, 'hostOf'>;
  /** The service clock, epoch seconds: endsAt is judged and reminders fall due by it. */
  now: () => number;
  links?: LinkConfig;
}

/** Most due incidents one clock check handles (the next check takes the rest). */
const DUE_BATCH = 500;

type Facts = Pick<ExternalFacts, 'alertname' | 'labels' | 'annotations' | 'generatorUrl'>;

/**
 * External alerts' incidents: `receive` applies a POST /api/v2/alerts body, `tick` follows the clock
 * (alerts not re-sent past their endsAt resolve; unacknowledged incidents are reminded of every
 * external_alert_interval minutes). Each decision is planned here and written by the store in one
 * transaction with its history, notifications and silence mark.
 */
export function createExternalEngine(d: ExternalEngineDeps) {
  const linksOf = incidentLinks(d.links, d.now);

  async function silenceOf(accountId: number, f: Facts, now: number): Promise<SilenceMark | undefined> {
    const silences = await d.store.alertEngine.activeSilences(accountId, now);
    const s = silences.filter((x) => externalSilenceMatches(x, { alertname: f.alertname, labels: f.labels }, now)).sort((a, b) => a.id - b.id)[0];
    return s && { id: s.id, reason: s.reason };
  }

  /**
   * Who is told of the account's external incidents, and how: the settings' users, or the owner by
   * e-mail; with the account's escalation policy for external alerts, nobody directly (its walk tells
   * people: `policy`).
   */
  async function audience(accountId: number) {
    const settings = await d.store.notificationSettings.get(accountId);
    const policy = settings.externalEscalationPolicy === null ? null : await d.store.escalationPolicies.get(accountId, settings.externalEscalationPolicy);
    const users = policy ? [] : await externalAlertUsers(d.store, accountId, settings);
    const [people, links] = await Promise.all([d.store.alertEngine.recipients(accountId, users.map((u) => u.id)), linksOf(accountId)]);
    return { users, people, links, policy };
  }
  type Audience = Awaited<ReturnType<typeof audience>>;

  async function plan(accountId: number, who: Audience, f: Facts, event: Exclude<NonNullable<NewNotification['event']>, 'ESCALATION'>, at: number, now: number) {
    const silence = await silenceOf(accountId, f, now);
    const notify = notificationsFor({ id: 0, users: who.users }, who.people, d.transports, event, who.links);
    const render = (historyId: number) => renderExternal({ ...f, status: event, at, historyId });
    return { silence, notifications: silencedNotifications(notify, silence), render };
  }

  /** The walk an incident starts with under the account's policy: its first step due after that step's delay. */
  const walkOf = (who: Audience, now: number) =>
    who.policy ? { escalation: { policyId: who.policy.id, startedAt: now, dueAt: now + (who.policy.steps[0]?.delay_minutes ?? 0) * 60 } } : {};

  /** Applies the alerts of one POST (already validated) for the account. */
  async function receive(accountId: number, posted: readonly PostableAlert[]): Promise<ExternalApplied> {
    const now = d.now();
    const alerts = lastPerFingerprint(posted.map((a) => received(a, now)));
    const current = await d.store.externalAlerts.byFingerprints(accountId, alerts.map((a) => a.fingerprint));
    let who: Audience | undefined;
    const writes: ExternalWrite[] = [];
    for (const a of alerts) {
      const v = decideReceived(current.get(a.fingerprint), a, now);
      let step: ExternalStep | undefined;
      if (v.kind !== 'none') {
        who ??= await audience(accountId);
        step =
          v.kind === 'open'
            ? { kind: 'open', start: v.start, ...(await plan(accountId, who, a, 'TRIGGERED', a.startsAt, now)), ...walkOf(who, now) }
            : await resolveStep(accountId, who, a, v.historyId, v.end, now);
      }
      writes.push({ alert: a, step });
    }
    return d.store.externalAlerts.apply(accountId, writes, now);
  }

  /** The RESOLVED step: to the audience, or under a policy to those its walk told (by e-mail, as it told them). */
  async function resolveStep(accountId: number, who: Audience, f: Facts, historyId: number, end: number, now: number): Promise<ExternalStep> {
    let told = who;
    if (who.policy) {
      const { people } = await d.store.escalationWalks.told(accountId, historyId);
      told = { ...who, people, users: people.map((p) => ({ id: p.id, sendemail: true, sendsms: false, pushnotification: false })) };
    }
    return { kind: 'resolve', historyId, end, ...(await plan(accountId, told, f, 'RESOLVED', end, now)) };
  }

  async function remindStep(accountId: number, who: Audience, a: ExternalAlertRecord, now: number): Promise<ExternalStep> {
    const p = await plan(accountId, who, a, 'REMINDER', a.startsAt, now);
    return { kind: 'remind', historyId: a.historyId!, lastNotified: a.lastNotified ?? 0, at: now, message: p.render(a.historyId!), notifications: p.notifications, silence: p.silence };
  }

  /** The clock's check: resolves alerts past their endsAt, reminds of unacknowledged incidents that are due. */
  async function tick(): Promise<ExternalApplied> {
    const now = d.now();
    const total: ExternalApplied = { opened: 0, resolved: 0, reminded: 0, notified: 0 };
    const audiences = new Map<number, Audience>();
    for (const due of await d.store.externalAlerts.due(now, DUE_BATCH)) {
      const a = due.alert;
      if (a.historyId === null) continue;
      let who = audiences.get(due.accountId);
      if (!who) audiences.set(due.accountId, (who = await audience(due.accountId)));
      const step = due.expired ? await resolveStep(due.accountId, who, a, a.historyId, Math.floor(a.endsAt / 60) * 60, now) : await remindStep(due.accountId, who, a, now);
      const r = await d.store.externalAlerts.apply(due.accountId, [{ id: a.id, step }], now);
      total.resolved += r.resolved;
      total.reminded += r.reminded;
      total.notified += r.notified;
    }
    return total;
  }

  return { receive, tick };
}
export type ExternalEngine = ReturnType<typeof createExternalEngine>;

