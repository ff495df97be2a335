import type { AlertEngineRepo, AppliedEvaluation } from '../store/repos/alert-engine';
import type { AlertEngine } from './engine';
import { evaluateRound, rounds } from './rounds';

export interface EvaluatorOptions {
  /** This process's worker id (claims and leases are held under it). */
  worker: string;
  /** How long a claim holds: a worker that dies leaves its items to others after this. */
  leaseMs?: number;
  /** Items applied in one transaction at most (rounds.ts). */
  roundSize?: number;
  /** Items of different servers decided at once (each reads on its own connection where the store has a pool). */
  lanes?: number;
  /** Items claimed at once, and at most per server. */
  claimLimit?: number;
  perServer?: number;
  /** How often the queue is looked at when nothing wakes the worker (items of other processes). */
  pollMs?: number;
  /**
   * How long a wake-up waits for more batches before claiming: under load, one claim then takes the
   * minutes of several uploads instead of one each (a claim is a write transaction).
   */
  coalesceMs?: number;
  /** Errors after which an item that keeps failing is set aside as failed (it would hold up its server). */
  maxAttempts?: number;
  /** Called after each applied evaluation (the dispatcher is woken when it queued anything). */
  onApplied?: (r: AppliedEvaluation, lagMs: number) => void;
}

/**
 * The evaluation worker: claims work items under a lease, evaluates each server's minutes in order
 * and completes each in the transaction of its effects (one transaction for the items of several
 * servers whose alerts concern them alone, see rounds.ts). Any number of these may run, in one process
 * or several on the same store.
 */
export function startEvaluator(repo: AlertEngineRepo, engine: AlertEngine, options: EvaluatorOptions) {
  const o = { leaseMs: 10_000, lanes: 4, roundSize: 25, claimLimit: 50, perServer: 20, pollMs: 500, coalesceMs: 10, maxAttempts: 8, ...options };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let soon: NodeJS.Timeout | undefined;

  async function drain(): Promise<void> {
    for (;;) {
      const claimedAt = Date.now();
      const items = await repo.claimEvaluations(o.worker, claimedAt, o.leaseMs, o.claimLimit, o.perServer);
      if (!items.length) return;
      const all = rounds(items, o.roundSize);
      for (const [k, round] of all.entries()) {
        // Past most of the lease, hand the rest back rather than risk evaluating an item another worker took.
        if (stopped || Date.now() - claimedAt > o.leaseMs * 0.8) {
          for (const rest of all.slice(k).flat()) await repo.releaseEvaluation(rest.id, o.worker, '', 0, false);
          break;
        }
        // The store being unreachable throws out of here: the items stay claimed (the lease expires and
        // they are taken again) and the attempt is not counted against them.
        for (const r of await evaluateRound(repo, engine, round, o.worker, o.lanes)) {
          if ('applied' in r) {
            if (!r.applied.leaseLost) o.onApplied?.(r.applied, Date.now() - r.item.receivedMs);
            continue;
          }
          const { item, error } = r;
          const message = error instanceof Error ? error.message : String(error);
          console.error(`alert engine: item ${item.id} (server ${item.serverId}, minute ${item.minute}):`, message);
          const giveUp = item.attempts >= o.maxAttempts;
          await repo.releaseEvaluation(item.id, o.worker, message, Date.now() + Math.min(60_000, 500 * 2 ** item.attempts), giveUp);
        }
      }
      if (stopped) return;
    }
  }

  function kick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await drain();
        } catch (err) {
          console.error('alert engine: claim failed:', err instanceof Error ? err.message : err);
        }
        // Batches stored meanwhile: let a few more arrive, then take them in one claim.
        if (again && !stopped) await new Promise((r) => setTimeout(r, o.coalesceMs));
      } while (again && !stopped);
    })().finally(() => {
      running = null;
      schedule();
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void kick(), o.pollMs);
    timer.unref?.();
  }

  /** Look at the queue soon (a batch was just stored); wake-ups within coalesceMs share one claim. */
  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    soon ??= setTimeout(() => {
      soon = undefined;
      void kick();
    }, o.coalesceMs);
  }

  void kick();
  // Batches stored by other processes on the same store (where the store can tell).
  const unlisten = repo.onWork(wake);
  return {
    wake,
    /** Resolves once no item is pending in the store (every batch stored so far has been evaluated). */
    async idle(): Promise<void> {
      for (;;) {
        await kick();
        if ((await repo.pendingEvaluations()) === 0) return;
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (soon) clearTimeout(soon);
      await unlisten();
      await running;
    },
  };
}
export type Evaluator = ReturnType<typeof startEvaluator>;
