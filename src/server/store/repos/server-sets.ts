import type { Page, PagingQuery } from '../../../shared/paging';

/** A stored server set with its derived members. */
export interface ServerSetRecord {
  id: number;
  name: string;
  autoDetection: boolean;
  tags: number[];
  /** Live servers of any of its tags. */
  servers: number[];
  /** Applications with a server in the set. */
  applications: number[];
}

export interface ServerSetWrite {
  name: string;
  tags: number[];
  /** Omitted on update: the stored value stays. */
  autoDetection?: boolean;
}

export interface ServerSetRepo {
  list(accountId: number, filter: string | undefined, paging: PagingQuery): Promise<Page<ServerSetRecord>>;
  get(accountId: number, id: number): Promise<ServerSetRecord | null>;
  create(accountId: number, input: ServerSetWrite): Promise<ServerSetRecord>;
  update(accountId: number, id: number, input: ServerSetWrite): Promise<ServerSetRecord | null>;
  delete(accountId: number, id: number): Promise<boolean>;
  /** Sets with auto_detection on (for application detection). */
  listAutoDetecting(accountId: number): Promise<ServerSetRecord[]>;
}
