import type { Deps } from '../deps';
import { onEvent } from '../events';
import { sqliteAlertEngine } from '../store/sqlite/alert-engine';
import type { Db } from '../store/sqlite/db';
import { createDefaultAlerts } from './defaults';
import { startDispatcher } from './dispatcher';
import { createAlertEngine } from './engine';
import { netPolicy } from './net-policy';
import { createNotifier, type NotifierConfig } from './notifier';

/** Emitted when deliveries were queued outside the engine (redeliver, test callback). */
export const OUTBOX_EVENT = 'outbox';

export interface AlertingOptions extends NotifierConfig {
  /** CIDR lists for callbacks (CALLBACK_ALLOW_NETS / CALLBACK_DENY_NETS). */
  allowNets?: string;
  denyNets?: string;
  /** Create the default alerts for each newly registered server (DEFAULT_ALERTS=0 turns it off). */
  defaultAlerts?: boolean;
  /** Seconds between Server Down checks. */
  serverDownEverySeconds?: number;
  dispatcher?: { baseDelayMs?: number; maxDelayMs?: number; tickMs?: number; timeoutMs?: number };
}

/**
 * Starts the alert engine on the service's events: each ingested batch is evaluated, Server Down
 * follows the clock, new servers get default alerts, and the callback outbox is delivered.
 */
export function startAlerting(deps: Deps & { store: { db: Db } }, opts: AlertingOptions = {}) {
  const repo = sqliteAlertEngine(deps.store.db);
  const dispatcher = startDispatcher(deps.store.outbox, { policy: netPolicy(opts.allowNets, opts.denyNets), ...opts.dispatcher });
  const notifier = createNotifier(repo, opts);
  const engine = createAlertEngine({ repo, notify: notifier.notify, dispatcher, now: deps.now });

  // Batches are evaluated one at a time, in arrival order, so an alert's state moves minute by minute.
  let chain: Promise<void> = Promise.resolve();
  const serially = (work: () => Promise<unknown>) => {
    chain = chain.then(work).then(
      () => undefined,
      (err: unknown) => console.error('alert engine:', err),
    );
    return chain;
  };

  const offs = [
    onEvent(deps.events, 'batch', (e) => void serially(() => engine.onBatch(e.accountId, e.serverId, e.minute, e.batch))),
    onEvent(deps.events, 'server-registered', (e) => {
      if (opts.defaultAlerts === false) return;
      void serially(async () => {
        const owner = await repo.ownerId(e.accountId);
        if (owner !== null) await createDefaultAlerts(deps.store, e.accountId, e.serverId, owner, deps.now());
      });
    }),
  ];
  const wake = () => dispatcher.wake();
  deps.events.on(OUTBOX_EVENT, wake);
  const timer = setInterval(() => void serially(() => engine.checkServerDown()), (opts.serverDownEverySeconds ?? 30) * 1000);
  timer.unref();

  return {
    engine,
    /** Resolves when every batch received so far has been evaluated (notifications may still be sending). */
    idle: () => chain,
    async stop() {
      clearInterval(timer);
      for (const off of offs) off();
      deps.events.off(OUTBOX_EVENT, wake);
      await chain;
      await notifier.settled();
      await dispatcher.stop();
    },
  };
}
