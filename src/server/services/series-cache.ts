import { keyHash, type KeyLookup, type KnownKey } from '../ingest/write-request-wire';

/** Series the cache holds at most per process (about 350 bytes each, the label bytes among them). */
export const SERIES_CACHE_SIZE = 250_000;

/** What this process knows of a stored series, by one key. */
export interface KnownSeries extends KnownKey {
  /** The label fields as sent, key[keyStart, keyEnd) (write-request-wire.ts WireSeries.key), and their keyHash. */
  readonly key: Buffer;
  readonly keyStart: number;
  readonly keyEnd: number;
  readonly hash: number;
  readonly id: number;
  readonly fingerprint: string;
  readonly name: string;
  /**
   * The entry of the same series under another key (its label set sent in another encoding), which
   * holds what follows for both; null when this entry holds it (`canonical`).
   */
  alias: KnownSeries | null;
  /** Epoch seconds this process last set the series' last_updated to (at least). */
  touched: number;
  /**
   * Scratch of the planner (labelled-series.ts): the plan this series was last put in, and its place
   * there, so a series sent twice in one request is merged without a map per request.
   */
  plan: number;
  slot: number;
  /** Entries (keys) this one holds for. */
  keys: number;
  /** The entry looked up after this one last time (senders send their series in one order); `dropped` once forgotten. */
  next: KnownSeries | undefined;
  dropped: boolean;
}

/** The entry that holds a series' state (its touch, its plan slot) for all its keys. */
export const canonical = (s: KnownSeries): KnownSeries => s.alias ?? s;

interface AccountSeries {
  byHash: Map<number, KnownSeries>;
  /** The canonical entry of each id. */
  byId: Map<number, KnownSeries>;
}

/**
 * The remote-write series this process stored lately, by account and the label fields as sent
 * (write-request-wire.ts WireSeries.key): a series known again costs no label decoding, no
 * fingerprint and no look-up, and its last_updated is written at most once an hour
 * (labelled-series.ts TOUCH_SECONDS). Only a hint: the store stays the truth. An id is trusted unchecked
 * only within an hour of this process's own touch (retention removes series untouched for a day or more); older
 * entries are checked by their touch (id and fingerprint), and a series gone is forgotten and written
 * as new. Entries are found by a 30-bit hash of the key and compared whole; of two keys with one hash
 * the cache keeps the later (so a crafted collision costs a decode, never a wrong series). Past the
 * size the oldest entries go.
 */
export class SeriesCache {
  private readonly accounts = new Map<number, AccountSeries>();
  /** Metric names shared by the entries (one string per name). */
  private readonly names = new Map<string, string>();
  private size = 0;

  constructor(private readonly max = SERIES_CACHE_SIZE) {}

  /**
   * The series of key buf[start, end), if known. `after`, the series looked up before it in the same
   * request, names the likely one: the one that followed it last time, tried first (no hash, no map).
   */
  get(accountId: number, buf: Buffer, start: number, end: number, after?: KnownSeries): KnownSeries | undefined {
    const length = end - start;
    const next = after?.next;
    if (next !== undefined && !next.dropped && next.keyEnd - next.keyStart === length && buf.compare(next.key, next.keyStart, next.keyEnd, start, end) === 0) return next;
    const known = this.accounts.get(accountId)?.byHash.get(keyHash(buf, start, end));
    if (known === undefined || known.keyEnd - known.keyStart !== length || buf.compare(known.key, known.keyStart, known.keyEnd, start, end) !== 0) return undefined;
    if (after !== undefined) after.next = known;
    return known;
  }

  /** A look-up of one request's series, in the order sent (see `get`). */
  reader(accountId: number): KeyLookup<KnownSeries> {
    let prev: KnownSeries | undefined;
    return (buf, start, end) => {
      const hit = this.get(accountId, buf, start, end, prev);
      if (hit !== undefined) prev = hit;
      return hit;
    };
  }

  /**
   * Remembers a series written at `touched` under its key; `after`, the entry set before it from the
   * same request, learns it as the one that follows (so the next request finds it without a hash).
   */
  set(accountId: number, { hash, key, keyStart, keyEnd }: Omit<KnownKey, 'name'>, series: { id: number; fingerprint: string; name: string }, touched: number, after?: KnownSeries): KnownSeries {
    let account = this.accounts.get(accountId);
    if (!account) this.accounts.set(accountId, (account = { byHash: new Map(), byId: new Map() }));
    const was = account.byHash.get(hash);
    if (was) this.drop(account, was);
    while (this.size >= this.max) this.dropOldest(account);
    // An entry of the same id is the same series under another key, unless the id is another series'
    // now (freed by retention and given again): then this entry holds the id.
    const same = account.byId.get(series.id);
    if (this.names.size >= this.max) this.names.clear();
    let name = this.names.get(series.name);
    if (name === undefined) this.names.set(series.name, (name = series.name));
    const alias = same?.fingerprint === series.fingerprint ? same : null;
    const entry: KnownSeries = { key, keyStart, keyEnd, hash, id: series.id, fingerprint: series.fingerprint, name, alias, touched, plan: 0, slot: 0, keys: 0, next: undefined, dropped: false };
    if (alias === null) account.byId.set(series.id, entry);
    this.touch(entry, touched);
    canonical(entry).keys++;
    account.byHash.set(hash, entry);
    this.size++;
    if (after !== undefined && !after.dropped) after.next = entry;
    return entry;
  }

  /** Marks a known series touched at `touched`. */
  touch(series: KnownSeries, touched: number) {
    const c = canonical(series);
    c.touched = Math.max(c.touched, touched);
  }

  /** Forgets a known series (gone from the store). */
  forget(accountId: number, series: KnownSeries) {
    const account = this.accounts.get(accountId);
    if (account?.byHash.get(series.hash) === series) this.drop(account, series);
  }

  private drop(account: AccountSeries, entry: KnownSeries) {
    account.byHash.delete(entry.hash);
    entry.dropped = true;
    entry.next = undefined;
    const c = canonical(entry);
    if (--c.keys === 0 && account.byId.get(c.id) === c) account.byId.delete(c.id);
    this.size--;
  }

  private dropOldest(preferred: AccountSeries) {
    const account = preferred.byHash.size > 0 ? preferred : [...this.accounts.values()].find((a) => a.byHash.size > 0);
    const oldest = account?.byHash.values().next();
    if (!account || !oldest || oldest.done) {
      this.size = 0;
      return;
    }
    this.drop(account, oldest.value);
  }
}
