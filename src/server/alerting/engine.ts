import type { Batch } from '../../shared/ingest';
import { RUNNING_WITHIN_SECONDS } from '../../shared/servers';
import type { AlertEngineRepo, EngineAlert, SubjectState } from '../store/repos/alert-engine';
import type { OutboxRepo } from '../store/repos/outbox';
import { breaches } from './conditions';
import type { Dispatcher } from './dispatcher';
import { renderMessage } from './messages';
import type { Notify } from './notifier';
import { observe } from './observe';

export interface EngineDeps {
  repo: AlertEngineRepo;
  outbox: OutboxRepo;
  notify: Notify;
  dispatcher?: Dispatcher;
  /** Wall clock in epoch seconds: maintenance windows and Server Down follow it; everything else uses data time. */
  now: () => number;
  /** Does a process belong to an application (by its name and template)? */
  inApplication?: (app: { name: string; template: number }, process: { name: string; args: string | null }) => boolean;
}

// A subject's state older than this no longer counts towards an alert (its server stopped reporting).
const STALE_SECONDS = 180;

const defaultInApplication = (app: { name: string }, p: { name: string; args: string | null }) =>
  p.name.toLowerCase().includes(app.name.toLowerCase());

/**
 * The alert engine: evaluates every active alert on each minute of ingested data (by the data's own
 * minute), tracks time_above_threshold per server, opens and closes incidents with their histories,
 * notifies users (again every `interval` minutes while the incident lasts) and queues callbacks.
 */
export function createAlertEngine(d: EngineDeps) {
  const inApp = d.inApplication ?? defaultInApplication;

  async function callbacks(alert: EngineAlert, historyId: number, status: 'TRIGGERED' | 'RESOLVED') {
    const subs = alert.subscribers.filter((s) => s.event === 'BOTH' || s.event === status);
    if (!subs.length) return;
    await d.outbox.enqueue(
      alert.accountId,
      subs.map((s) => ({ alertId: alert.id, alertHistoryId: historyId, status, url: s.url, method: s.type, auth: s.auth, secret: s.secret })),
      Date.now(),
    );
    d.dispatcher?.wake();
  }

  /** Applies one subject's new state and moves the alert between its states. */
  async function advance(alert: EngineAlert, subject: number, minute: number, holds: boolean, value: number | null, servers: number[], streak?: number) {
    const states = await d.repo.states(alert.accountId, alert.id);
    const prev = states.find((s) => s.subject === subject);
    if (prev && prev.minute >= minute && alert.trigger_type !== 'Server Down') return; // replayed or late minute
    const consecutive = prev && prev.holds && minute - prev.minute <= 60;
    const next: SubjectState = { subject, minute, holds, value, streak: holds ? (consecutive ? prev.streak + 1 : 1) : 0 };
    if (streak !== undefined) next.streak = holds ? streak : 0;
    await d.repo.putState(alert.accountId, alert.id, next);
    const fresh = [...states.filter((s) => s.subject !== subject), next].filter((s) => s.minute >= minute - STALE_SECONDS);
    const needed = alert.type === 'Server Tag' ? Math.max(1, alert.num_of_servers) : 1;
    const firing = fresh.filter((s) => s.holds && s.streak >= alert.time_above_threshold).length >= needed;
    const anyHolds = fresh.filter((s) => s.holds).length >= needed;
    const quiet = await d.repo.inMaintenance(alert.accountId, servers, d.now());
    const facts = { alertName: alert.name, alertType: alert.type, trigger: alert.trigger, target: alert.target, minute, value };

    if (!alert.in_incident && firing && !quiet) {
      let message = renderMessage({ ...facts, status: 'TRIGGERED', historyId: 0 });
      const historyId = await d.repo.startIncident(alert.accountId, alert.id, minute, (id) => (message = renderMessage({ ...facts, status: 'TRIGGERED', historyId: id })));
      alert.in_incident = true;
      await d.notify(alert, historyId, message);
      await callbacks(alert, historyId, 'TRIGGERED');
    } else if (alert.in_incident && !anyHolds) {
      const historyId = await d.repo.endIncident(alert.accountId, alert.id, minute);
      alert.in_incident = false;
      if (historyId !== null) await callbacks(alert, historyId, 'RESOLVED');
    } else if (alert.in_incident && firing && !quiet) {
      const inc = await d.repo.incident(alert.accountId, alert.id);
      if (inc && minute - inc.lastNotified >= alert.interval * 60) {
        await d.repo.markNotified(alert.accountId, alert.id, minute);
        await d.notify(alert, inc.historyId, renderMessage({ ...facts, status: 'REMINDER', historyId: inc.historyId }));
      }
    }
  }

  async function onBatch(accountId: number, serverId: number, minute: number, batch: Batch) {
    const alerts = await d.repo.alertsForServer(accountId, serverId);
    if (!alerts.length) return;
    const server = await d.repo.server(accountId, serverId);
    for (const alert of alerts) {
      const app = alert.type === 'Application' ? await d.repo.application(accountId, Number(alert.target_id)) : null;
      const polledName = alert.type === 'Polled Data' ? await d.repo.polledName(accountId, Number(alert.target_id)) : null;
      const obs = observe(alert, batch, {
        capacityMem: server?.capacity_mem ?? 0,
        inApplication: app ? (name, args) => inApp(app, { name, args }) : undefined,
        polledName,
      });
      if (!obs) continue;
      let holds = obs.holds;
      if (alert.threshold_type === 'out of band' && obs.value !== null) {
        const windowSeconds = alert.window_length * (alert.window_units === 'd' ? 86_400 : 3_600);
        const band = await d.repo.addSample(accountId, alert.id, minute, obs.value, windowSeconds);
        holds = breaches(alert, obs.value, band);
      }
      await advance(alert, serverId, minute, holds, obs.value, [serverId]);
    }
  }

  /** Server Down follows the clock: a server that has not uploaded for two minutes is down. */
  async function checkServerDown() {
    const now = d.now();
    const minute = Math.floor(now / 60) * 60;
    for (const { alert, servers } of await d.repo.serverDownAlerts()) {
      for (const s of servers) {
        if (s.lastSeen === null) continue;
        const downFor = now - s.lastSeen - RUNNING_WITHIN_SECONDS;
        const holds = downFor >= 0;
        // The streak of a down server is the minutes it has been down, not the checks made.
        await advance(alert, s.id, minute, holds, null, [s.id], Math.floor(downFor / 60) + 1);
      }
    }
  }

  return { onBatch, checkServerDown };
}
export type AlertEngine = ReturnType<typeof createAlertEngine>;
