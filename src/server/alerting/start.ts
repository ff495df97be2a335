import type { Deps } from '../deps';
import { emitEvent, onEvent } from '../events';
import { workerId, type SingletonJob } from '../services/singleton';
import { startDispatcher } from './dispatcher';
import { createAlertEngine } from './engine';
import { createEscalator } from './escalator';
import { createExternalEngine, type ExternalEngine } from './external-engine';
import { startEvaluator } from './evaluator';
import { netPolicy } from './net-policy';
import { createTransports, type NotifierConfig } from './notifier';

/** Emitted when deliveries were queued outside the engine (redeliver, test callback, external alerts). */
export const OUTBOX_EVENT = 'outbox';

// The external-alert engine of each service (its notifications go through this process's transports).
const externalEngines = new WeakMap<Deps, ExternalEngine>();

const linkConfig = (deps: Deps) => ({ baseUrl: deps.config.publicUrl ?? 'http://localhost:8080', secret: (accountId: number) => deps.store.incidents.ackSecret(accountId) });

/**
 * The engine POST /api/v2/alerts applies bodies with: the one startAlerting made for these deps, or,
 * in a service without the alert path (some tests), one whose notifications are kept in the store.
 */
export function externalEngineFor(deps: Deps): ExternalEngine {
  let e = externalEngines.get(deps);
  if (!e) externalEngines.set(deps, (e = createExternalEngine({ store: deps.store, transports: { hostOf: () => null }, now: deps.now, links: linkConfig(deps) })));
  return e;
}

export interface AlertingOptions extends NotifierConfig {
  /** CIDR lists for callbacks (CALLBACK_ALLOW_NETS / CALLBACK_DENY_NETS). */
  allowNets?: string;
  denyNets?: string;
  /** PagerDuty's Events API v2 enqueue URL (PAGERDUTY_EVENTS_URL; default events.pagerduty.com). */
  pagerDutyUrl?: string;
  /** Seconds between Server Down checks (while this process holds the job's lease). */
  serverDownEverySeconds?: number;
  /** Seconds between checks of external alerts' endsAt and reminders (while this process holds the job's lease). */
  externalEverySeconds?: number;
  /** Seconds between runs of the escalation walk (while this process holds its lease). */
  escalationEverySeconds?: number;
  /** This process's worker id for claims; one is made up when absent. */
  worker?: string;
  dispatcher?: { baseDelayMs?: number; maxDelayMs?: number; tickMs?: number; timeoutMs?: number };
  evaluator?: { leaseMs?: number; pollMs?: number };
  /** Called with the lag from a batch's acknowledgement to its evaluation (benchmarks). */
  onEvaluated?: (lagMs: number) => void;
}

/**
 * Starts this process's share of the alert path: an evaluation worker on the store's queue and an
 * outbox dispatcher (both share work with other processes on the same store through leases), woken
 * by in-process events. Server Down follows the clock in one process at a time: `serverDownJob` is
 * run under a lease by main.ts (tests call engine.checkServerDown themselves).
 */
export function startAlerting(deps: Deps, opts: AlertingOptions = {}) {
  const repo = deps.store.alertEngine;
  const worker = opts.worker ?? workerId();
  const transports = createTransports(opts);
  const links = linkConfig(deps);
  const dispatcher = startDispatcher(deps.store.outbox, {
    policy: netPolicy(opts.allowNets, opts.denyNets),
    worker,
    transports,
    links,
    pagerDutyUrl: opts.pagerDutyUrl,
    ...opts.dispatcher,
  });
  const engine = createAlertEngine({ repo, transports, now: deps.now, links, escalation: { policies: deps.store.escalationPolicies, walks: deps.store.escalationWalks } });
  const escalator = createEscalator({ store: deps.store, transports, now: deps.now, links });
  // Set while this process holds the escalation job's lease: an incident it opens walks at once.
  let escalating = false;
  const external = createExternalEngine({ store: deps.store, transports, now: deps.now, links });
  externalEngines.set(deps, external);
  const evaluator = startEvaluator(repo, engine, {
    worker,
    ...opts.evaluator,
    onApplied: (r, lagMs) => {
      if (r.callbacks || r.notifications) dispatcher.wake();
      if (r.started && escalating) void escalate().catch((err: unknown) => console.error('escalation:', err));
      emitEvent(deps.events, 'evaluated', { lagMs });
      opts.onEvaluated?.(lagMs);
    },
  });

  const checkServerDown = async () => {
    const applied = await engine.checkServerDown();
    if (applied.some((r) => r.callbacks || r.notifications)) dispatcher.wake();
    return applied;
  };
  const checkExternal = async () => {
    const r = await external.tick();
    if (r.notified) dispatcher.wake();
    return r;
  };
  const serverDownJob = everyJob('server-down', opts.serverDownEverySeconds ?? 30, checkServerDown);
  // External alerts not re-sent resolve when their endsAt passes; reminders fall due (docs/prometheus-alerts.md).
  const externalAlertsJob = everyJob('external-alerts', opts.externalEverySeconds ?? 15, checkExternal);

  // The escalation walk (docs/escalation.md), one run at a time in this process: a kick while one runs waits for it.
  let escalation: Promise<unknown> = Promise.resolve();
  const escalate = (): Promise<number> => {
    const run = escalation.then(() => escalator.run());
    escalation = run.catch(() => undefined);
    return run.then((taken) => {
      if (taken) dispatcher.wake();
      return taken;
    });
  };
  const walk = everyJob('escalation', opts.escalationEverySeconds ?? 5, escalate);
  const escalationJob: SingletonJob = {
    name: walk.name,
    start() {
      escalating = true;
      const running = walk.start();
      return {
        stop: async () => {
          escalating = false;
          await running.stop();
        },
      };
    },
  };

  const off = onEvent(deps.events, 'batch-stored', () => evaluator.wake());
  const wake = () => dispatcher.wake();
  deps.events.on(OUTBOX_EVENT, wake);

  return {
    engine: { checkServerDown, checkExternal, escalate },
    serverDownJob,
    externalAlertsJob,
    /** The escalation walk (escalator.ts), run under a lease by main.ts (tests call engine.escalate). */
    escalationJob,
    /** Resolves when every batch stored so far has been evaluated (notifications may still be sending). */
    idle: () => evaluator.idle(),
    /** Resolves when the outbox has nothing left to deliver or send (tests). */
    async delivered(): Promise<void> {
      while ((await deps.store.outbox.pending()) > 0) await new Promise((r) => setTimeout(r, 20));
    },
    async stop() {
      off();
      deps.events.off(OUTBOX_EVENT, wake);
      if (externalEngines.get(deps) === external) externalEngines.delete(deps);
      await evaluator.stop();
      await escalation;
      await dispatcher.stop();
      transports.close();
    },
  };
}

/** A singleton job that runs `check` every `seconds` while this process holds its lease, one run at a time. */
export function everyJob(name: string, seconds: number, check: () => Promise<unknown>): SingletonJob {
  return {
    name,
    start() {
      let running: Promise<unknown> = Promise.resolve();
      const timer = setInterval(() => {
        running = running.then(check).catch((err: unknown) => console.error(`${name} check:`, err));
      }, seconds * 1000);
      timer.unref();
      return {
        stop: async () => {
          clearInterval(timer);
          await running;
        },
      };
    },
  };
}
