import type { LabelBytes } from '../ingest/write-request-wire';

/** Series the cache holds at most per process (about 250 bytes each, mostly the label bytes). */
export const SERIES_CACHE_SIZE = 250_000;

/** What this process knows of a stored series. */
export interface KnownSeries {
  /** The label bytes as sent (LabelBytes.text). */
  readonly key: string;
  readonly id: number;
  readonly fingerprint: string;
  readonly name: string;
  /** Epoch seconds this process last set the series' last_updated to (at least). */
  touched: number;
}

/**
 * The remote-write series this process stored lately, by account and the label fields as sent
 * (write-request-wire.ts LabelBytes): a series known again costs no label decoding, no fingerprint
 * and no look-up, and its last_updated is written at most once a minute (labelled-series.ts). Only a
 * hint: the store stays the truth. An id is trusted unchecked only within a minute of this process's
 * own touch (retention removes series untouched for a day or more); older entries are checked by
 * their touch (id and fingerprint), and a series gone is forgotten and written as new. Entries are
 * found by a 30-bit hash of the bytes and compared whole; of two label sets with one hash the cache
 * keeps the later. Past the size the oldest entries go.
 */
export class SeriesCache {
  private readonly accounts = new Map<number, Map<number, KnownSeries>>();
  /** Metric names shared by the entries (one string per name). */
  private readonly names = new Map<string, string>();
  private size = 0;

  constructor(private readonly max = SERIES_CACHE_SIZE) {}

  get(accountId: number, bytes: LabelBytes): KnownSeries | undefined {
    const known = this.accounts.get(accountId)?.get(bytes.hash);
    return known && bytes.equals(known.key) ? known : undefined;
  }

  /** Remembers a series written at `touched` (or marks one known as touched then). */
  set(accountId: number, bytes: LabelBytes, series: { id: number; fingerprint: string; name: string }, touched: number) {
    let byHash = this.accounts.get(accountId);
    if (!byHash) this.accounts.set(accountId, (byHash = new Map()));
    const was = byHash.get(bytes.hash);
    if (was && was.id === series.id && bytes.equals(was.key)) {
      was.touched = Math.max(was.touched, touched);
      return;
    }
    if (was) {
      byHash.delete(bytes.hash);
      this.size--;
    }
    while (this.size >= this.max) this.dropOldest(byHash);
    if (this.names.size >= this.max) this.names.clear();
    let name = this.names.get(series.name);
    if (name === undefined) this.names.set(series.name, (name = series.name));
    byHash.set(bytes.hash, { key: was && bytes.equals(was.key) ? was.key : bytes.text(), id: series.id, fingerprint: series.fingerprint, name, touched });
    this.size++;
  }

  forget(accountId: number, bytes: LabelBytes) {
    const byHash = this.accounts.get(accountId);
    const known = byHash?.get(bytes.hash);
    if (known && bytes.equals(known.key)) {
      byHash!.delete(bytes.hash);
      this.size--;
    }
  }

  private dropOldest(preferred: Map<number, KnownSeries>) {
    const from = preferred.size > 0 ? preferred : [...this.accounts.values()].find((m) => m.size > 0);
    const oldest = from?.keys().next();
    if (!from || !oldest || oldest.done) {
      this.size = 0;
      return;
    }
    from.delete(oldest.value);
    this.size--;
  }
}
