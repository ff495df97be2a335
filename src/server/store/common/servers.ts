// Shared by both stores (SQLite: sqlite/servers.ts, PostgreSQL: postgres/servers.ts); no statement runs here.
import type { ServerRecord } from '../repos/servers';
import { parseJson } from './util';

/** A servers row as both stores read it (the JSON columns are text). */
export interface Row {
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
  capacity_disks: string;
  current_version: number;
  location_ip: string;
  network_interfaces: string;
  last_seen: number | null;
}

/** The columns a ServerRecord is made of (plain SQL both stores accept). */
export const COLUMNS = `id, guid, hostname, os, os_detail, arch, nickname, description, created, capacity_mem,
  capacity_cpu_num, capacity_cpu_freq, capacity_disks, current_version, location_ip, network_interfaces, last_seen`;

/**
 * A servers row as the repo answers it (the JSON columns parsed). Built field by field: the server list
 * maps a page of rows on every dashboard refresh, and object rest/spread cost several times as much.
 */
export function toServerRecord(r: Row): ServerRecord {
  return {
    id: r.id,
    guid: r.guid,
    hostname: r.hostname,
    os: r.os,
    os_detail: r.os_detail,
    arch: r.arch,
    nickname: r.nickname,
    description: r.description,
    created: r.created,
    capacity_mem: r.capacity_mem,
    capacity_cpu_num: r.capacity_cpu_num,
    capacity_cpu_freq: r.capacity_cpu_freq,
    capacity_disks: parseJson(r.capacity_disks, {}),
    current_version: r.current_version,
    location_ip: r.location_ip,
    network_interfaces: parseJson(r.network_interfaces, []),
    lastSeen: r.last_seen,
  };
}
