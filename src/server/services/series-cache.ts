/** Series the cache holds at most per process (about 250 bytes each, mostly the label bytes). */
export const SERIES_CACHE_SIZE = 250_000;

/** What this process knows of a stored series. */
export interface KnownSeries {
  readonly id: number;
  readonly fingerprint: string;
  readonly name: string;
  /** Epoch seconds this process last set the series' last_updated to (at least). */
  touched: number;
  /**
   * Scratch of the planner (labelled-series.ts): the plan this series was last put in, and its place
   * there, so a label set sent twice in one request is merged without a map per request.
   */
  plan: number;
  slot: number;
  /** Keys it is known by (one label set sent in two encodings has two keys, and one entry, so one plan slot). */
  keys: number;
}

interface AccountSeries {
  byKey: Map<string, KnownSeries>;
  byId: Map<number, KnownSeries>;
}

/**
 * The remote-write series this process stored lately, by account and the label fields as sent
 * (write-request-wire.ts WireSeries.key, the bytes as a latin1 string): a series known again costs no
 * label decoding, no fingerprint and no look-up, and its last_updated is written at most once a minute
 * (labelled-series.ts). Only a hint: the store stays the truth. An id is trusted unchecked only within
 * a minute of this process's own touch (retention removes series untouched for a day or more); older
 * entries are checked by their touch (id and fingerprint), and a series gone is forgotten and written
 * as new. Past the size the oldest keys go. Keys of one series (its label set sent in two encodings)
 * share one entry.
 */
export class SeriesCache {
  private readonly accounts = new Map<number, AccountSeries>();
  /** Metric names shared by the entries (one string per name). */
  private readonly names = new Map<string, string>();
  private size = 0;

  constructor(private readonly max = SERIES_CACHE_SIZE) {}

  get(accountId: number, key: string): KnownSeries | undefined {
    return this.accounts.get(accountId)?.byKey.get(key);
  }

  /** Remembers a series written at `touched` (or marks one known as touched then). */
  set(accountId: number, key: string, series: { id: number; fingerprint: string; name: string }, touched: number) {
    let account = this.accounts.get(accountId);
    if (!account) this.accounts.set(accountId, (account = { byKey: new Map(), byId: new Map() }));
    const was = account.byKey.get(key);
    if (was && was.id === series.id) {
      was.touched = Math.max(was.touched, touched);
      return;
    }
    if (was) this.drop(account, key, was);
    while (this.size >= this.max) this.dropOldest(account);
    // The entry of this id, unless the id is another series' now (an id freed by retention and given again).
    let entry = account.byId.get(series.id);
    if (entry?.fingerprint === series.fingerprint) entry.touched = Math.max(entry.touched, touched);
    else {
      if (this.names.size >= this.max) this.names.clear();
      let name = this.names.get(series.name);
      if (name === undefined) this.names.set(series.name, (name = series.name));
      entry = { id: series.id, fingerprint: series.fingerprint, name, touched, plan: 0, slot: 0, keys: 0 };
      account.byId.set(series.id, entry);
    }
    entry.keys++;
    account.byKey.set(key, entry);
    this.size++;
  }

  forget(accountId: number, key: string) {
    const account = this.accounts.get(accountId);
    const was = account?.byKey.get(key);
    if (account && was) this.drop(account, key, was);
  }

  private drop(account: AccountSeries, key: string, entry: KnownSeries) {
    account.byKey.delete(key);
    this.size--;
    if (--entry.keys === 0 && account.byId.get(entry.id) === entry) account.byId.delete(entry.id);
  }

  private dropOldest(preferred: AccountSeries) {
    const account = preferred.byKey.size > 0 ? preferred : [...this.accounts.values()].find((a) => a.byKey.size > 0);
    const oldest = account?.byKey.entries().next();
    if (!account || !oldest || oldest.done) {
      this.size = 0;
      return;
    }
    this.drop(account, oldest.value[0], oldest.value[1]);
  }
}
