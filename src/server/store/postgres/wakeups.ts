import type { Pg } from './db';

interface Sender {
  running: Promise<void> | null;
  again: boolean;
}

const senders = new WeakMap<Pg, Map<string, Sender>>();

/** Pause before a NOTIFY for the commits made while the previous one was sent: a burst costs a few. */
const GAP_MS = 20;

/**
 * Wakes the listeners of `channel` (other replicas' idle workers) after work was committed, by a
 * NOTIFY of its own, coalesced: one at a time per pool and channel, and one more (GAP_MS later) for
 * the commits made meanwhile, so each commit is followed by a NOTIFY sent after it. A NOTIFY inside the
 * writing transaction would hold PostgreSQL's database-wide notify lock through that transaction's
 * commit, and every ingest commit would wait for the one before (measured: a third of the commits per
 * second with 16 writers). A NOTIFY that fails or is lost to a crash costs the listener a poll.
 * The answer resolves once a NOTIFY sent after this call has been committed (tests await it).
 */
export function wakeListeners(pg: Pg, channel: string): Promise<void> {
  let byChannel = senders.get(pg);
  if (!byChannel) senders.set(pg, (byChannel = new Map()));
  let s = byChannel.get(channel);
  if (!s) byChannel.set(channel, (s = { running: null, again: false }));
  const sender = s;
  if (sender.running) {
    sender.again = true;
    return sender.running;
  }
  sender.running = (async () => {
    try {
      for (let first = true; ; first = false) {
        if (!first) await new Promise((r) => setTimeout(r, GAP_MS));
        sender.again = false;
        await pg.exec('SELECT pg_notify($1, $2)', [channel, '']).catch(() => 0);
        // Checked and cleared in one step (no await between): a caller after this starts a new run.
        if (!sender.again) break;
      }
    } finally {
      sender.running = null;
    }
  })();
  return sender.running;
}
