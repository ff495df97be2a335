import { onCallAt } from '../../shared/schedule-shifts';
import type { AlertEngineRepo, NewNotification } from '../store/repos/alert-engine';
import type { AlertHistoryRecord } from '../store/repos/alert-histories';
import type { EscalatedEventData, EscalationPolicyRecord, EscalationWalk } from '../store/repos/escalations';
import type { Store } from '../store/store';
import { nextStep, stepEvent, stepMessage } from './escalation-walk';
import { incidentLinks, type LinkConfig } from './incident-links';
import { emailWithLinks } from './messages';
import type { Transports } from './notifier';
import { silenceOf } from './silence-lookup';
import { externalSilenceMatches } from './silence-match';

export interface EscalatorDeps {
  store: Pick<Store, 'escalationWalks' | 'escalationPolicies' | 'alertHistories' | 'schedules'> & { alertEngine: Pick<AlertEngineRepo, 'recipients' | 'activeSilences' | 'serverScopes' | 'ownerId'> };
  transports: Pick<Transports, 'hostOf'>;
  /** The service clock (epoch seconds): when steps are due, who is on call. */
  now: () => number;
  links?: LinkConfig;
}

/** Walks read per round, and rounds per run (a round takes at least one step, or the run ends). */
const BATCH = 100;
const MAX_ROUNDS = 50;

/**
 * The escalation walk (docs/escalation.md): takes the due steps of open, unacknowledged incidents,
 * each in one transaction of the store (EscalationWalkRepo.take) that writes its notifications and
 * incident event and moves the walk on only if it is still at that step. A crash before the commit
 * leaves the step to be taken again; after it, the step is never taken twice.
 */
export function createEscalator(d: EscalatorDeps) {
  const linksOf = incidentLinks(d.links, d.now);
  const { store } = d;

  /** Who a step tells at `now`: its users and whoever each schedule has on call then (each once). */
  async function targetsOf(accountId: number, step: EscalationPolicyRecord['steps'][number], now: number) {
    const schedules = await Promise.all(
      step.targets.schedules.map(async (id) => {
        const s = await store.schedules.get(accountId, id);
        return { id, users: s ? onCallAt(s, now) : [] };
      }),
    );
    const ids = [...new Set([...step.targets.users, ...schedules.flatMap((s) => s.users)])];
    const people = await store.alertEngine.recipients(accountId, ids);
    // A step that reaches nobody (its users deleted, its schedules with nobody on call, no channel)
    // pages the account owner rather than no one, as an alert left with no user does.
    if (people.length > 0 || step.targets.channels.length > 0) return { schedules, people, fallback: false };
    const owner = await store.alertEngine.ownerId(accountId);
    return { schedules, people: owner === null ? [] : await store.alertEngine.recipients(accountId, [owner]), fallback: owner !== null };
  }

  async function notifications(w: EscalationWalk, h: AlertHistoryRecord, policy: EscalationPolicyRecord, people: { id: number; email: string }[], silenced: boolean): Promise<NewNotification[]> {
    const links = await linksOf(w.accountId);
    const m = stepMessage(h, policy.name, w, policy.steps.length, policy.repeat + 1);
    const event = stepEvent(w);
    const host = d.transports.hostOf('email');
    // Everyone reached by a step gets an e-mail with their own acknowledge link (docs/escalation.md).
    return people.map((p) => {
      const own = links?.(w.historyId, p.id);
      const mail = own ? emailWithLinks(m, own) : m;
      return { alertId: h.alertId, historyId: w.historyId, userId: p.id, channel: 'email', event, recipient: p.email, subject: m.subject, body: mail.text, html: mail.html, host, silenced };
    });
  }

  /** Takes the walk's due step; false when there was nothing to take (another process took it, or the incident changed). */
  async function takeStep(w: EscalationWalk): Promise<boolean> {
    const now = d.now();
    const [policy, h] = await Promise.all([store.escalationPolicies.get(w.accountId, w.policyId), store.alertHistories.get(w.accountId, w.historyId)]);
    const base = { walk: w, at: now, nowMs: Date.now(), channelMessages: [] };
    // Its policy lost this step since (or is gone, which cascades to the walk): move on without a word.
    const step = policy?.steps[w.step];
    if (!policy || !h || !step) return store.escalationWalks.take({ ...base, next: policy ? nextStep(policy, w, now) : null, notifications: [], event: null });
    const { schedules, people, fallback } = await targetsOf(w.accountId, step, now);
    const servers = h.serverId !== null ? [h.serverId] : h.servers.map((s) => s.id);
    // An external (Prometheus) incident is silenced by its labels, a native one by its alert and servers.
    const silenced =
      h.labels !== null
        ? (await store.alertEngine.activeSilences(w.accountId, now)).some((s) => externalSilenceMatches(s, { alertname: h.alertName, labels: h.labels! }, now))
        : (await silenceOf(store.alertEngine, { accountId: w.accountId, id: h.alertId, name: h.alertName }, servers, now)) !== undefined;
    const event: EscalatedEventData = {
      policy_id: policy.id,
      policy_name: policy.name,
      step: w.step + 1,
      steps: policy.steps.length,
      pass: w.pass + 1,
      passes: policy.repeat + 1,
      recipients: people.map((p) => p.email),
      schedules,
      channels: step.targets.channels,
      silenced,
      ...(fallback ? { fallback: 'owner' as const } : {}),
    };
    // Channels are told TRIGGERED at each step that names them (PagerDuty dedups on the incident's key).
    const channelMessages = step.targets.channels.map((channelId) => ({ channelId, alertId: h.alertId, historyId: w.historyId, event: 'TRIGGERED' as const, silenced }));
    return store.escalationWalks.take({ ...base, channelMessages, next: nextStep(policy, w, now), notifications: await notifications(w, h, policy, people, silenced), event });
  }

  /** Takes every due step (a walk whose next step is due at once too goes on in the next round); answers how many. */
  async function run(): Promise<number> {
    let taken = 0;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const due = await store.escalationWalks.due(d.now(), BATCH);
      let moved = 0;
      for (const w of due) {
        try {
          if (await takeStep(w)) moved++;
        } catch (err) {
          // One walk's failure (a store error) must not stop the others; it is due again at the next run.
          console.error(`escalation of incident ${w.historyId}:`, err instanceof Error ? err.message : err);
        }
      }
      taken += moved;
      if (!moved) break;
    }
    return taken;
  }

  return { run };
}
export type Escalator = ReturnType<typeof createEscalator>;
