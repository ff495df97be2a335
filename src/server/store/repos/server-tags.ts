import type { Page, PagingQuery } from '../../../shared/paging';

export interface ServerTagRecord {
  id: number;
  name: string;
  servers: number[];
}

export interface ServerTagRepo {
  list(accountId: number, filter: string | undefined, paging: PagingQuery): Promise<Page<ServerTagRecord>>;
  get(accountId: number, id: number): Promise<ServerTagRecord | null>;
  create(accountId: number, input: { name: string; servers: number[] }): Promise<ServerTagRecord>;
  update(accountId: number, id: number, input: { name: string; servers: number[] }): Promise<ServerTagRecord | null>;
  delete(accountId: number, id: number): Promise<boolean>;
  /** Of the given ids, those that are not tags of the account. */
  missing(accountId: number, ids: number[]): Promise<number[]>;
}
