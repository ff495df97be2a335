/**
 * The sign-in throttle. Keys are 192 random bits, so no one guesses one; what the throttle guards
 * against is a script hammering sign-in, without ever standing between a correct key and the service.
 *
 * The key is always checked first: a correct key passes whatever the counters say. Only WRONG
 * attempts are counted and, past a budget, answered 429 (Retry-After) instead of 401, held for a
 * penalty first. Three budgets, each over a sliding window:
 * - per (address, e-mail): one client retrying a bad key; nobody else at that address is affected;
 * - per e-mail, over every address: a guesser spread over many addresses still hits it;
 * - per address, over every e-mail: one address spraying many e-mails.
 */
export interface ThrottleOptions {
  /** Wrong keys for one e-mail from one address within the window before 429 (default 20). */
  maxFailures?: number;
  /** Wrong keys for one e-mail from all addresses within the window (default 100). */
  emailMaxFailures?: number;
  /** Wrong keys from one address for all e-mails within the window (default 200). */
  addressMaxFailures?: number;
  windowSeconds?: number;
  /** How long a throttled wrong attempt is held before its 429, in ms (default 1000). */
  penaltyMs?: number;
}

interface Counter {
  count: number;
  since: number;
}

/** Counters in memory, bounded: a spray of distinct keys clears a table rather than growing it. */
class Counters {
  private readonly map = new Map<string, Counter>();
  constructor(private readonly windowMs: number) {}

  /** Milliseconds until the counter falls back under `max`, or 0 when it is under. */
  waitMs(key: string, max: number, now: number): number {
    const c = this.map.get(key);
    if (!c || now - c.since > this.windowMs || c.count < max) return 0;
    return c.since + this.windowMs - now;
  }

  add(key: string, now: number) {
    if (this.map.size > 100_000) this.map.clear();
    const c = this.map.get(key);
    if (!c || now - c.since > this.windowMs) this.map.set(key, { count: 1, since: now });
    else c.count++;
  }

  delete(key: string) {
    this.map.delete(key);
  }
}

export class SignInThrottle {
  private readonly pairs: Counters;
  private readonly emails: Counters;
  private readonly addresses: Counters;
  private readonly max: { pair: number; email: number; address: number };
  readonly penaltyMs: number;

  constructor(opts: ThrottleOptions = {}) {
    const windowMs = (opts.windowSeconds ?? 300) * 1000;
    this.pairs = new Counters(windowMs);
    this.emails = new Counters(windowMs);
    this.addresses = new Counters(windowMs);
    this.max = { pair: opts.maxFailures ?? 20, email: opts.emailMaxFailures ?? 100, address: opts.addressMaxFailures ?? 200 };
    this.penaltyMs = opts.penaltyMs ?? 1000;
  }

  /**
   * Records a wrong key and says how long the caller must wait (seconds, 0 = answer 401 now).
   * The budget is checked before counting, so the attempt past the budget is the first refused.
   */
  failure(address: string, email: string, now = Date.now()): number {
    const e = email.toLowerCase();
    const wait = Math.max(
      this.pairs.waitMs(`${address}\n${e}`, this.max.pair, now),
      this.emails.waitMs(e, this.max.email, now),
      this.addresses.waitMs(address, this.max.address, now),
    );
    this.pairs.add(`${address}\n${e}`, now);
    this.emails.add(e, now);
    this.addresses.add(address, now);
    return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : 0;
  }

  /** A correct key from this address clears that pair's count (not the e-mail's: others may still guess). */
  success(address: string, email: string) {
    this.pairs.delete(`${address}\n${email.toLowerCase()}`);
  }
}
