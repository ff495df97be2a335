import type { Page, PagingQuery } from '../../../shared/paging';

/** A stored application: a named group of processes of one template on some servers. */
export interface ApplicationRecord {
  id: number;
  name: string;
  template: number;
  created: number;
  /** Live servers it runs on. */
  servers: number[];
}

export interface ApplicationRepo {
  list(accountId: number, paging: PagingQuery): Promise<Page<ApplicationRecord>>;
  get(accountId: number, id: number): Promise<ApplicationRecord | null>;
  /** Applications of one template, oldest first. */
  byTemplate(accountId: number, template: number): Promise<ApplicationRecord[]>;
  create(accountId: number, input: { name: string; template: number; servers: number[] }, now: number): Promise<ApplicationRecord>;
  /** Adds servers (keeping the present ones); null when the id is not an application of the account. */
  addServers(accountId: number, id: number, servers: number[]): Promise<ApplicationRecord | null>;
  /** Of the given ids, those that are not applications of the account. */
  missing(accountId: number, ids: number[]): Promise<number[]>;
}
