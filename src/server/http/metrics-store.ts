import { Gauge, type Registry } from 'prom-client';
import { CHANNEL_TYPES } from '../../shared/channels';
import type { Store } from '../store/store';

/** Channels of the outbox always shown (0 when empty), so a dashboard's series exist before the first failure. */
const OUTBOX_CHANNELS = ['callback', 'email', 'sms', 'push', ...CHANNEL_TYPES];
const OUTBOX_STATES = ['pending', 'failed'] as const;

/**
 * The gauges read from the store on each scrape, across accounts (counts only, no account in any
 * label): the evaluation queue, the outbox, the pool or files. One cheap query each; answers the
 * function that refreshes them. A store that cannot answer leaves them as they were and sets
 * fleetwatch_store_up to 0, so the process metrics are still served.
 */
export function storeGauges(registry: Registry, store: Store, nowMs: () => number = Date.now): () => Promise<void> {
  const registers = [registry];
  const up = new Gauge({ name: 'fleetwatch_store_up', help: '1 when the store answered the last scrape, else 0', registers });
  const depth = new Gauge({ name: 'fleetwatch_evaluation_queue_depth', help: 'Stored batches waiting for alert evaluation (all processes sharing the store)', registers });
  const oldest = new Gauge({ name: 'fleetwatch_evaluation_queue_oldest_age_seconds', help: 'Age of the oldest batch waiting for evaluation (0 when none)', registers });
  const outbox = new Gauge({ name: 'fleetwatch_outbox_messages', help: 'Outbox rows by channel and state (pending: still to send; failed: given up)', labelNames: ['channel', 'state'], registers });
  const pool = new Gauge({ name: 'fleetwatch_store_pool_connections', help: "PostgreSQL pool of this process: connections by state (total, idle) and requests waiting for one (waiting)", labelNames: ['state'], registers });
  const files = new Gauge({ name: 'fleetwatch_store_file_bytes', help: 'SQLite store: size of the database file (db) and of its write-ahead log (wal)', labelNames: ['file'], registers });

  return async () => {
    try {
      const [backlog, counts, usage] = await Promise.all([store.alertEngine.evaluationBacklog(), store.outbox.countsByChannel(), store.usage()]);
      depth.set(backlog.pending);
      oldest.set(backlog.oldestReceivedMs === null ? 0 : Math.max(0, (nowMs() - backlog.oldestReceivedMs) / 1000));
      outbox.reset();
      for (const channel of OUTBOX_CHANNELS) for (const state of OUTBOX_STATES) outbox.set({ channel, state }, 0);
      for (const c of counts) outbox.inc({ channel: c.channel, state: c.state }, c.n);
      if (usage.kind === 'postgres') {
        pool.set({ state: 'total' }, usage.total);
        pool.set({ state: 'idle' }, usage.idle);
        pool.set({ state: 'waiting' }, usage.waiting);
      } else {
        files.set({ file: 'db' }, usage.fileBytes);
        files.set({ file: 'wal' }, usage.walBytes);
      }
      up.set(1);
    } catch {
      up.set(0);
    }
  };
}
