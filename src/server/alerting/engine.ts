import { RUNNING_WITHIN_SECONDS } from '../../shared/servers';
import type {
  AlertEngineRepo,
  AlertPlan,
  AppliedEvaluation,
  EngineAlert,
  EvaluationItem,
  EvaluationPlan,
  IncidentPlan,
  ServerContext,
  SilenceMark,
  SubjectState,
} from '../store/repos/alert-engine';
import { callbackDeliveries } from './callbacks';
import { channelMessages } from './channel-messages';
import { payloadServes, type EvaluationPayload } from './batch-parts';
import { breachingServers, incidentKey, isPerServer } from './breaching';
import { breaches } from './conditions';
import { messageFacts, renderMessage } from './messages';
import { notificationsFor, type Transports } from './notifier';
import { incidentLinks, type LinkConfig } from './incident-links';
import { toldAlert, walkStart, type EscalationReads } from './escalation-walk';
import { newObserveCache, observeBatch } from './observe-batch';
import { silencedNotifications, silenceOf } from './silence-lookup';
import { decideStep, type Observed, type StepReads } from './step';

export interface EngineDeps {
  repo: AlertEngineRepo;
  /** Which transport each notification channel goes out through (null: kept in the store). */
  transports: Pick<Transports, 'hostOf'>;
  /** Wall clock in epoch seconds: Server Down follows it; everything else, maintenance included, uses data time. */
  now: () => number;
  /** Links in alert e-mails: the dashboard's public base URL and each account's acknowledge-link secret. */
  links?: LinkConfig;
  /** Escalation policies (issue 19): without them, an alert's policy is ignored and its users are told. */
  escalation?: EscalationReads;
}

/** Alert types whose target spans servers: their states and incident are written by several servers' items. */
const SHARED_TYPES: ReadonlySet<string> = new Set(['Server Tag', 'Application']);

/**
 * Does deciding this alert read what other servers' items write? A per_server tag alert decides each
 * server from that server's own state and incident only, so it is not shared (the store keys its
 * incidents by server and takes turns on the alert's in_incident flag).
 */
const sharedAlert = (a: EngineAlert) => SHARED_TYPES.has(a.type) && !isPerServer(a);

/**
 * The payload of a work item. It is not input from outside: ingest wrote it, in the batch's own
 * transaction, from the batch it had just validated with the full schema; validating it again would
 * double the CPU cost of a batch (about 2 ms of zod per demo batch) for nothing. A payload that is not
 * even shaped like one is refused, and the item set aside after its retries.
 */
function storedPayload(item: EvaluationItem): EvaluationPayload {
  const value: unknown = JSON.parse(item.payload);
  const ok = typeof value === 'object' && value !== null && 'parts' in value && Array.isArray(value.parts) && 'batch' in value && typeof value.batch === 'object';
  if (!ok) throw new Error(`stored payload of item ${item.id} is not an evaluation payload`);
  return value as EvaluationPayload;
}

/**
 * The alert engine. It reads what a decision needs, decides with the pure functions of decide.ts, and
 * hands the store a plan that one transaction applies (with the work item's completion), so a crash
 * at any point either loses nothing or repeats a whole evaluation, never half of one.
 */
export function createAlertEngine(d: EngineDeps) {
  const callbacks = (alert: EngineAlert, status: 'TRIGGERED' | 'RESOLVED', silence: SilenceMark | undefined) => (historyId: number) =>
    callbackDeliveries(alert.id, alert.subscribers, historyId, status, silence !== undefined);

  const linksOf = incidentLinks(d.links, d.now);

  // `states`: the alert's states when the caller read them already (one read for every alert of a batch).
  // A per_server alert decides each server alone: only its state counts, only its incident is read.
  const reads = (alert: EngineAlert, subject: number, states?: SubjectState[]): StepReads => ({
    states: async () => {
      const all = states ?? (await d.repo.states(alert.accountId, alert.id));
      return isPerServer(alert) ? all.filter((s) => s.subject === subject) : all;
    },
    inMaintenance: (ids, minute) => d.repo.serversInMaintenance(alert.accountId, ids, minute),
    incident: () => d.repo.incident(alert.accountId, alert.id, incidentKey(alert, subject)),
  });

  /** Decides one observation of one alert: its subject's new state and what happens to its incident. */
  async function plan(alert: EngineAlert, o: Observed, opts: { clockDriven?: boolean; streak?: number } = {}, states?: SubjectState[]): Promise<AlertPlan | null> {
    const r = reads(alert, o.subject, states);
    let rule: EngineAlert = alert;
    if (isPerServer(alert) && alert.in_incident) {
      // The alert is in an incident while any server is: this server's own incident decides.
      const own = await r.incident();
      rule = { ...alert, in_incident: own !== null };
      r.incident = async () => own;
    }
    const decided = await decideStep(rule, o, r, opts);
    if (!decided) return null; // replayed or late minute
    const { next, verdict, incident } = decided;
    const subject = incidentKey(alert, o.subject);
    // An alert with an escalation policy is never reminded of: its walk tells people (escalator.ts).
    const paged = alert.escalation_policy !== null && d.escalation !== undefined;
    if (paged && verdict === 'remind') return { alertId: alert.id, state: next };
    // Only a step that tells someone looks for a silence: most evaluations change no incident.
    const silence = verdict === 'none' ? undefined : await silenceOf(d.repo, alert, decided.subjects, d.now());
    const marked = silence && { silence };
    let step: IncidentPlan | undefined;
    if (verdict === 'end') {
      // The RESOLVED message tells the same people as the first one did (silences and grouping apply);
      // a per_server incident names its server, as its TRIGGERED message did.
      const perServer = isPerServer(alert);
      // With a policy, those its walk told (its users heard nothing from the alert).
      const told = paged && incident ? await d.escalation!.walks.told(alert.accountId, incident.historyId) : null;
      const [people, names, links] = await Promise.all([
        told?.people ?? d.repo.recipients(alert.accountId, alert.users.map((u) => u.id)),
        d.repo.serverNames(alert.accountId, perServer ? [o.subject] : []),
        linksOf(alert.accountId),
      ]);
      const servers = perServer ? breachingServers(alert.direction, [{ subject: o.subject, minute: o.minute, holds: false, streak: 0, value: o.value }], names) : [];
      const facts = messageFacts(alert, o, servers);
      step = {
        kind: 'end',
        minute: o.minute,
        subject,
        callbacks: callbacks(alert, 'RESOLVED', silence),
        channels: channelMessages(told ? { id: alert.id, channels: [...new Set([...alert.channels, ...told.channels])] } : alert, 'RESOLVED', silence !== undefined),
        render: (id) => renderMessage({ ...facts, status: 'RESOLVED', historyId: id }),
        notifications: silencedNotifications(notificationsFor(told ? toldAlert(alert, told.people) : alert, people, d.transports, 'RESOLVED', links), silence),
        ...marked,
      };
    }
    if (verdict === 'start' || verdict === 'remind') {
      const [people, names, links] = await Promise.all([
        d.repo.recipients(alert.accountId, alert.users.map((u) => u.id)),
        d.repo.serverNames(alert.accountId, decided.counted.map((s) => s.subject)),
        linksOf(alert.accountId),
      ]);
      const servers = breachingServers(alert.direction, decided.counted, names);
      const facts = messageFacts(alert, o, servers);
      // With a policy, the walk's first step tells people, not the alert's users.
      const walk = paged && verdict === 'start' ? await walkStart(d.escalation!, alert, d.now()) : undefined;
      const notifications = walk ? () => [] : silencedNotifications(notificationsFor(alert, people, d.transports, verdict === 'start' ? 'TRIGGERED' : 'REMINDER', links), silence);
      step =
        verdict === 'start'
          ? {
              kind: 'start',
              minute: o.minute,
              subject,
              servers,
              // The incident's value as its message says it (a Server Tag's: the most extreme breaching server's).
              value: facts.value,
              render: (id) => renderMessage({ ...facts, status: 'TRIGGERED', historyId: id }),
              callbacks: callbacks(alert, 'TRIGGERED', silence),
              channels: channelMessages(alert, 'TRIGGERED', silence !== undefined),
              notifications,
              escalation: walk,
              ...marked,
            }
          : {
              kind: 'remind',
              minute: o.minute,
              subject,
              historyId: incident!.historyId,
              lastNotified: incident!.lastNotified,
              message: renderMessage({ ...facts, status: 'REMINDER', historyId: incident!.historyId }),
              notifications,
              ...marked,
            };
    }
    return { alertId: alert.id, state: next, incident: step };
  }

  /**
   * Plans every active alert concerning the item's server on its batch. `shared`: one of the alerts
   * planned also concerns other servers (a Server Tag's or an Application's), so its decision reads
   * what their evaluations write; with `unlessShared` such a batch is not planned (null). `context`:
   * the server's alerts, record and states when the caller read them already (a round's at once).
   */
  async function planBatch(
    accountId: number,
    serverId: number,
    minute: number,
    payload: EvaluationPayload,
    unlessShared: boolean,
    context?: ServerContext,
  ): Promise<{ plans: AlertPlan[]; shared: boolean } | null> {
    const batch = payload.batch;
    // An alert created after the batch was stored may need a part its payload left out: it starts
    // with the next batch, as an alert created a minute later would.
    const alerts = (context?.alerts ?? (await d.repo.alertsForServer(accountId, serverId))).filter((a) => payloadServes(payload, a.type));
    const shared = alerts.some(sharedAlert);
    if (shared && unlessShared) return null;
    if (!alerts.length) return { plans: [], shared };
    const [server, states] = context
      ? [context.server, context.states]
      : await Promise.all([d.repo.server(accountId, serverId), d.repo.statesOf(accountId, alerts.map((a) => a.id))]);
    const cache = newObserveCache();
    const plans: AlertPlan[] = [];
    for (const alert of alerts) {
      const obs = await observeBatch(d.repo, accountId, serverId, alert, batch, server, cache);
      if (!obs) continue;
      let holds = obs.holds;
      let sample: AlertPlan['sample'];
      if (alert.threshold_type === 'out of band' && obs.value !== null) {
        const windowSeconds = alert.window_length * (alert.window_units === 'd' ? 86_400 : 3_600);
        holds = breaches(alert, obs.value, await d.repo.band(accountId, alert.id, minute, windowSeconds));
        sample = { minute, value: obs.value, windowSeconds };
      }
      // Server Down's state follows the clock, so an upload's older data minute still resolves it.
      const p = await plan(alert, { subject: serverId, minute, holds, value: obs.value }, { clockDriven: alert.trigger_type === 'Server Down' }, states.get(alert.id));
      if (p) plans.push({ ...p, sample });
      else if (sample) plans.push({ alertId: alert.id, sample });
    }
    return { plans, shared };
  }

  /**
   * Decides one work item: the plan that completes it with its effects. `shared` tells that the plan
   * must be applied before another server's item is decided (see planBatch); a plan that is not may
   * wait and be applied with other servers' plans in one transaction (rounds.ts). With `unlessShared`,
   * an item that would be shared is left undecided (null), to be decided again one at a time.
   */
  async function planItem(item: EvaluationItem, worker: string, unlessShared = false, context?: ServerContext): Promise<{ plan: EvaluationPlan; shared: boolean } | null> {
    const planned = await planBatch(item.accountId, item.serverId, item.minute, storedPayload(item), unlessShared, context);
    return planned && { plan: { accountId: item.accountId, item: { id: item.id, worker }, alerts: planned.plans }, shared: planned.shared };
  }

  /**
   * Server Down follows the clock: a server that has not uploaded for two minutes is down. Each
   * server's step is applied before the next is decided, as the alert's state moves with each.
   */
  async function checkServerDown(): Promise<AppliedEvaluation[]> {
    const now = d.now();
    const minute = Math.floor(now / 60) * 60;
    const applied: AppliedEvaluation[] = [];
    for (const { alert, servers } of await d.repo.serverDownAlerts()) {
      for (const s of servers) {
        if (s.lastSeen === null) continue;
        const downFor = now - s.lastSeen - RUNNING_WITHIN_SECONDS;
        const p = await plan(alert, { subject: s.id, minute, holds: downFor >= 0, value: null }, { clockDriven: true, streak: Math.floor(downFor / 60) + 1 });
        if (!p) continue;
        const r = await d.repo.apply({ accountId: alert.accountId, alerts: [p] });
        if (r.started) alert.in_incident = true;
        // A per_server alert stays in an incident while another server's is open (read again next check).
        if (r.ended && !isPerServer(alert)) alert.in_incident = false;
        applied.push(r);
      }
    }
    return applied;
  }

  return { planItem, checkServerDown };
}
export type AlertEngine = ReturnType<typeof createAlertEngine>;
