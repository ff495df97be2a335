import { processMatches, templateById } from '../../shared/app-templates';
import type { Batch } from '../../shared/ingest';
import { RUNNING_WITHIN_SECONDS } from '../../shared/servers';
import type { AlertEngineRepo, EngineAlert, SubjectState } from '../store/repos/alert-engine';
import { callbackDeliveries } from './callbacks';
import { breaches } from './conditions';
import type { Dispatcher } from './dispatcher';
import { renderMessage } from './messages';
import type { Notify } from './notifier';
import { observe } from './observe';

export interface EngineDeps {
  repo: AlertEngineRepo;
  /** Records the users' notifications; sending them must not hold up evaluation (see notifier.ts). */
  notify: Notify;
  dispatcher?: Dispatcher;
  /** Wall clock in epoch seconds: Server Down follows it; everything else, maintenance included, uses data time. */
  now: () => number;
}

// A subject's state older than this no longer counts towards an alert (its server stopped reporting).
const STALE_SECONDS = 180;

/**
 * An application's processes are those its template claims, as everywhere else in the service
 * (application data, topology): the application's name is the user's and says nothing about them.
 */
function inApplication(app: { template: number }): (name: string, args: string | null) => boolean {
  const t = templateById(app.template);
  return (name, args) => t !== undefined && processMatches(t, { name, args });
}

/**
 * The alert engine: evaluates every active alert on each minute of ingested data (by the data's own
 * minute), tracks time_above_threshold per server, opens and closes incidents with their histories,
 * notifies users (again every `interval` minutes while the incident lasts) and queues callbacks.
 */
export function createAlertEngine(d: EngineDeps) {
  const callbacks = (alert: EngineAlert, status: 'TRIGGERED' | 'RESOLVED') => (historyId: number) =>
    callbackDeliveries(alert.id, alert.subscribers, historyId, status);

  /**
   * Applies one subject's (server's) new state and moves the alert between its states. Subjects inside
   * a maintenance window at `minute` (the data's minute; the clock's for Server Down) do not count
   * towards triggering or reminders; an open incident still resolves when the condition clears.
   */
  async function advance(alert: EngineAlert, subject: number, minute: number, holds: boolean, value: number | null, streak?: number) {
    const states = await d.repo.states(alert.accountId, alert.id);
    const prev = states.find((s) => s.subject === subject);
    if (prev && prev.minute >= minute && alert.trigger_type !== 'Server Down') return; // replayed or late minute
    const consecutive = prev && prev.holds && minute - prev.minute <= 60;
    const next: SubjectState = { subject, minute, holds, value, streak: holds ? (consecutive ? prev.streak + 1 : 1) : 0 };
    if (streak !== undefined) next.streak = holds ? streak : 0;
    await d.repo.putState(alert.accountId, alert.id, next);
    const fresh = [...states.filter((s) => s.subject !== subject), next].filter((s) => s.minute >= minute - STALE_SECONDS);
    const needed = alert.type === 'Server Tag' ? Math.max(1, alert.num_of_servers) : 1;
    const held = fresh.filter((s) => s.holds);
    const paused = new Set(held.length >= needed ? await d.repo.serversInMaintenance(alert.accountId, held.map((s) => s.subject), minute) : []);
    const firing = held.filter((s) => s.streak >= alert.time_above_threshold && !paused.has(s.subject)).length >= needed;
    const anyHolds = held.length >= needed;
    const facts = { alertName: alert.name, alertType: alert.type, trigger: alert.trigger, target: alert.target, minute, value };

    if (!alert.in_incident && firing) {
      let message = renderMessage({ ...facts, status: 'TRIGGERED', historyId: 0 });
      const render = (id: number) => (message = renderMessage({ ...facts, status: 'TRIGGERED', historyId: id }));
      const started = await d.repo.startIncident(alert.accountId, alert.id, minute, render, callbacks(alert, 'TRIGGERED'));
      if (!started) return;
      alert.in_incident = true;
      if (started.queued) d.dispatcher?.wake();
      await d.notify(alert, started.historyId, message);
    } else if (alert.in_incident && !anyHolds) {
      const ended = await d.repo.endIncident(alert.accountId, alert.id, minute, callbacks(alert, 'RESOLVED'));
      alert.in_incident = false;
      if (ended?.queued) d.dispatcher?.wake();
    } else if (alert.in_incident && firing) {
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
    let fileLogs: Map<number, string> | undefined;
    for (const alert of alerts) {
      const app = alert.type === 'Application' ? await d.repo.application(accountId, Number(alert.target_id)) : null;
      const polledName = alert.type === 'Polled Data' ? await d.repo.polledName(accountId, Number(alert.target_id)) : null;
      const obs = observe(alert, batch, {
        capacityMem: server?.capacity_mem ?? 0,
        inApplication: app ? inApplication(app) : undefined,
        polledName,
        fileLogs: alert.trigger_type === 'Incident Report Content' ? (fileLogs ??= await d.repo.fileLogs(accountId, serverId)) : undefined,
      });
      if (!obs) continue;
      let holds = obs.holds;
      if (alert.threshold_type === 'out of band' && obs.value !== null) {
        const windowSeconds = alert.window_length * (alert.window_units === 'd' ? 86_400 : 3_600);
        const band = await d.repo.addSample(accountId, alert.id, minute, obs.value, windowSeconds);
        holds = breaches(alert, obs.value, band);
      }
      await advance(alert, serverId, minute, holds, obs.value);
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
        await advance(alert, s.id, minute, holds, null, Math.floor(downFor / 60) + 1);
      }
    }
  }

  return { onBatch, checkServerDown };
}
export type AlertEngine = ReturnType<typeof createAlertEngine>;
