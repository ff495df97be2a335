import type { Page, PagingQuery } from '../../../shared/paging';

/** A stored server; `running` is derived from lastSeen by the caller, which owns the clock. */
export interface ServerRecord {
  id: number;
  guid: string;
  hostname: string;
  os: string;
  os_detail: string;
  arch: string;
  nickname: string;
  description: string;
  created: number;
  capacity_mem: number;
  capacity_cpu_num: number;
  capacity_cpu_freq: number;
  capacity_disks: Record<string, number>;
  current_version: number;
  location_ip: string;
  network_interfaces: { ip: string[]; friendly_name: string; name: string }[];
  lastSeen: number | null;
}

export interface ServerFilter {
  hostname?: string;
  location_ip?: string;
  /** Only servers created (first streamed) after this time. */
  createdAfter?: number;
}

export interface ServerRepo {
  list(accountId: number, filter: ServerFilter, paging: PagingQuery): Promise<Page<ServerRecord>>;
  get(accountId: number, id: number): Promise<ServerRecord | null>;
  update(accountId: number, id: number, patch: { nickname?: string; description?: string }): Promise<ServerRecord | null>;
  /** Removes the server from every list; its guid stays refused so a still-running collector stops. */
  delete(accountId: number, id: number): Promise<boolean>;
  /** Of the given ids, those that are not live servers of the account. */
  missing(accountId: number, ids: number[]): Promise<number[]>;
  /** Short references (id, hostname, nickname) of the given ids, in id order. */
  refs(accountId: number, ids: number[]): Promise<{ id: number; hostname: string; nickname: string }[]>;
  tagIds(accountId: number, serverId: number): Promise<number[]>;
  /** Replaces all tags of the server. */
  setTags(accountId: number, serverId: number, tagIds: number[]): Promise<void>;
}
