import type { Page, PagingQuery } from '../../../shared/paging';

/** A stored scrape target (issue 20): where node_exporter answers, and the state of its scrapes. */
export interface ScrapeTargetRecord {
  id: number;
  accountId: number;
  url: string;
  /** Seconds between scrapes. */
  interval: number;
  labels: Record<string, string>;
  /** Epoch seconds of the last attempt, or null before the first. */
  lastScrape: number | null;
  lastError: string | null;
  serverId: number | null;
  /**
   * The counters of the last scrape whose values were used (JSON text the scraper reads with its own
   * schema), kept in the row so that the next scrape has its rates whichever process makes it.
   */
  counters: string | null;
  created: number;
}

/** What create and update write. */
export interface ScrapeTargetWrite {
  url: string;
  interval: number;
  labels: Record<string, string>;
}

/** What one scrape leaves on its target; counters undefined leaves the stored ones as they are. */
export interface ScrapeOutcome {
  at: number;
  error: string | null;
  serverId?: number;
  counters?: string;
}

export interface ScrapeTargetRepo {
  list(accountId: number, q: PagingQuery): Promise<Page<ScrapeTargetRecord>>;
  get(accountId: number, id: number): Promise<ScrapeTargetRecord | null>;
  create(accountId: number, input: ScrapeTargetWrite, created: number): Promise<ScrapeTargetRecord>;
  /** Replaces what was set; a changed URL forgets the counters (another host may answer there). */
  update(accountId: number, id: number, input: ScrapeTargetWrite): Promise<ScrapeTargetRecord | null>;
  delete(accountId: number, id: number): Promise<boolean>;
  /** Targets of every account due at `now` (never scraped, or last scraped `interval` ago or more), longest waiting first. */
  due(now: number, limit: number): Promise<ScrapeTargetRecord[]>;
  /** Records a scrape on the target (nothing when it was deleted meanwhile). */
  recordScrape(accountId: number, id: number, outcome: ScrapeOutcome): Promise<void>;
}
