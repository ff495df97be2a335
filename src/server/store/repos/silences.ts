import type { LabelMatcher } from '../../../shared/incident-response';
import type { Page, PagingQuery } from '../../../shared/paging';

/** A stored silence; its state (active, pending, expired) is derived by the caller, which owns the clock. */
export interface SilenceRecord {
  id: number;
  /** Matchers; an empty one matches everything (a silence has at least one that is not empty). */
  alerts: number[];
  servers: number[];
  serverTags: number[];
  serverSets: number[];
  /** Case-insensitive substring of the alert's name; '' matches every name. */
  alertName: string;
  /** Alertmanager-style label matchers (extension): a silence with any matches external alerts only. */
  matchers: LabelMatcher[];
  /** Epoch seconds: the silence holds for start <= t < end. */
  start: number;
  end: number;
  reason: string;
  /** The user profile that created it (null once unknown). */
  createdBy: number | null;
  created: number;
}

/** What create and update write; update keeps createdBy and created. */
export type SilenceWrite = Omit<SilenceRecord, 'id' | 'created'>;

export interface SilenceListQuery extends PagingQuery {
  /** true: silences whose end is after `now`; false: those ended by then; undefined: all. */
  active?: boolean;
  now: number;
}

export interface SilenceRepo {
  /** The account's silences, newest first. */
  list(accountId: number, q: SilenceListQuery): Promise<Page<SilenceRecord>>;
  get(accountId: number, id: number): Promise<SilenceRecord | null>;
  create(accountId: number, input: SilenceWrite, created: number): Promise<SilenceRecord>;
  update(accountId: number, id: number, input: SilenceWrite): Promise<SilenceRecord | null>;
  delete(accountId: number, id: number): Promise<boolean>;
}

/** A server as silences match it: its tags and the server sets those tags put it in. */
export interface ServerScope {
  id: number;
  tags: number[];
  sets: number[];
}
