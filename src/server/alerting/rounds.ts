import type { AlertEngineRepo, AppliedEvaluation, EvaluationItem, EvaluationPlan } from '../store/repos/alert-engine';
import { asStoreUnavailable } from '../store/errors';
import type { AlertEngine } from './engine';

/** What became of one item of a round: applied (possibly finding its lease lost), or an error to release it with. */
export type Outcome = { item: EvaluationItem; applied: AppliedEvaluation } | { item: EvaluationItem; error: unknown };

/**
 * The items of one claim in rounds: round k holds the k-th item of each server, in claim order, cut
 * into rounds of at most `size` items (an item's effects wait for its round's transaction: a bound
 * on that wait). A server's items are in minute order within a claim, so its k-th minute is
 * evaluated in a round that starts after the round of its (k-1)-th was applied.
 */
export function rounds(items: readonly EvaluationItem[], size = Infinity): EvaluationItem[][] {
  const seen = new Map<string, number>();
  const out: EvaluationItem[][] = [];
  for (const item of items) {
    const key = `${item.accountId}:${item.serverId}`;
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    (out[k] ??= []).push(item);
  }
  const cut: EvaluationItem[][] = [];
  for (const round of out) for (let i = 0; i < round.length; i += size) cut.push(round.slice(i, i + size));
  return cut;
}

/** Runs a step; an error other than an unreachable store is answered, to be released with. */
async function attempt<T>(step: () => Promise<T>): Promise<{ ok: T } | { error: unknown }> {
  try {
    return { ok: await step() };
  } catch (err) {
    if (asStoreUnavailable(err)) throw err;
    return { error: err };
  }
}

/**
 * Evaluates a round (items of distinct servers), `lanes` items at a time, from one read of every
 * server's alerts, record and states. An item whose alerts concern only its own server (Server,
 * Process, Log, Polled Data) reads and writes nothing another server's item reads: such items are
 * decided side by side, and their plans applied together in one transaction at the end of the round.
 * An item with a Server Tag or Application alert is decided again after them from reads of its own,
 * one at a time, each applied before the next is decided (it reads what the others write, the alert's
 * incident flag included), as one item after the other would. A failure of the shared transaction
 * applies its plans one by one, so only the item at fault is released with the error. An unreachable
 * store throws: the items stay claimed and are taken again when their lease ends.
 */
export async function evaluateRound(repo: AlertEngineRepo, engine: AlertEngine, items: readonly EvaluationItem[], worker: string, lanes = 1): Promise<Outcome[]> {
  const out: Outcome[] = [];
  const alone = async (item: EvaluationItem, plan: EvaluationPlan) => {
    const r = await attempt(() => repo.apply(plan));
    out.push('ok' in r ? { item, applied: r.ok } : { item, error: r.error });
  };
  const waiting: { item: EvaluationItem; plan: EvaluationPlan }[] = [];
  const shared: EvaluationItem[] = [];
  // Every server's alerts, record and states in one read (a failure leaves each item to read its own).
  const read = await attempt(() => repo.contexts(items.map((i) => ({ accountId: i.accountId, serverId: i.serverId }))));
  const contexts = 'ok' in read ? read.ok : [];
  let next = 0;
  const lane = async () => {
    for (let k = next++; k < items.length; k = next++) {
      const item = items[k]!;
      const r = await attempt(() => engine.planItem(item, worker, true, contexts[k]));
      if ('error' in r) out.push({ item, error: r.error });
      else if (r.ok === null) shared.push(item);
      else waiting.push({ item, plan: r.ok.plan });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, items.length)) }, lane));
  for (const item of shared) {
    const r = await attempt(() => engine.planItem(item, worker));
    if ('error' in r) out.push({ item, error: r.error });
    else await alone(item, r.ok!.plan);
  }
  if (!waiting.length) return out;
  const together = await attempt(() => repo.applyMany(waiting.map((w) => w.plan)));
  if ('ok' in together) waiting.forEach((w, i) => out.push({ item: w.item, applied: together.ok[i]! }));
  else for (const w of waiting) await alone(w.item, w.plan);
  return out;
}
